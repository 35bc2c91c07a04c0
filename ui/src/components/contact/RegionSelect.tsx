import type { Lang } from "../../lib/types";
import { Either } from "./answerTemplate";
import { type RegionOption, areaCodeOptions, countryOptions } from "./regions";
import type { ContactPageData, ControlState } from "./types";

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

/** What a choice of the list reads: a country's name, or an area code's dialling code and name
 * (as the searchable list shows them). */
const labelOf = (name: "country" | "areaCode", option: RegionOption) =>
  name === "country" ? option.name : `${option.dialling} ${option.name}`;

/** The country or area-code list as the page is served: a native select of every choice, named
 * in the page's language by the build (Node's `Intl`, as the browser names them), so that the form
 * can be sent before its scripts have run, and without them. The searchable list takes its place
 * once the form's behaviour has loaded (ContactForm.tsx), unless the visitor is using this one
 * (`onUse`): then when they leave it. In the browser it is drawn over the served options, which
 * it leaves as they are (a form drawn in the browser has the searchable lists at once, or an empty
 * select until they load). */
export function RegionSelect({
  name,
  data,
  lang,
  value,
  choose,
  control,
  onChoose,
  onUse,
}: {
  name: "country" | "areaCode";
  data: ContactPageData;
  lang: Lang;
  value: string;
  /** The first entry, before a choice is made. */
  choose: string;
  /** The control's id and its ARIA state. */
  control: ControlState;
  /** Takes the choice made here. */
  onChoose: (value: string) => void;
  /** Told when the visitor starts and stops using the list. */
  onUse: (inUse: boolean) => void;
}) {
  const attributes = { ...control, name, class: "contact-input contact-select select-control" };
  if (!import.meta.env.SSR)
    return (
      <select
        {...attributes}
        onChange={(event) => onChoose(event.currentTarget.value)}
        onFocus={() => onUse(true)}
        onBlur={() => onUse(false)}
        dangerouslySetInnerHTML={AS_SERVED}
      />
    );
  const options =
    name === "country" ? countryOptions(data.countries, lang) : areaCodeOptions(data.callingCodes, lang);
  return (
    <select {...attributes}>
      <option value="">{choose}</option>
      {options.map((option) => (
        <Either
          key={option.value}
          on={option.value === value}
          condition={`chosen.${name}.${option.value}`}
          draw={(on) => (
            <option value={option.value} selected={on}>
              {labelOf(name, option)}
            </option>
          )}
        />
      ))}
    </select>
  );
}
