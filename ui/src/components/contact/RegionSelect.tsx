import type { Lang } from "../../lib/types";
import { Either } from "./answerTemplate";
import { type RegionOption, areaCodeOptions, countryOptions } from "./regions";
import type { ContactPageData, ControlState } from "./types";

/** What a choice of the list reads: a country's name, or an area code's dialling code and name
 * (as the searchable list shows them). */
const labelOf = (name: "country" | "areaCode", option: RegionOption) =>
  name === "country" ? option.name : `${option.dialling} ${option.name}`;

/** The country or area-code list as the page is served: a native select of every choice, named
 * in the page's language by the build (Node's `Intl`, as the browser names them), so that the form
 * can be sent before its scripts have run, and without them. The searchable list takes its place
 * once they run (ContactForm.tsx). In the browser it is drawn only while hydrating, over the served
 * options, which it leaves as they are (and where the form is drawn in the browser, for the
 * moment before the searchable list replaces it). */
export function RegionSelect({
  name,
  data,
  lang,
  value,
  choose,
  control,
}: {
  name: "country" | "areaCode";
  data: ContactPageData;
  lang: Lang;
  value: string;
  /** The first entry, before a choice is made. */
  choose: string;
  /** The control's id and its ARIA state. */
  control: ControlState;
}) {
  const attributes = { ...control, name, class: "contact-input contact-select select-control" };
  if (!import.meta.env.SSR) return <select {...attributes} dangerouslySetInnerHTML={{ __html: "" }} />;
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
