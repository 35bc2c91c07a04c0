import { useLingui } from "@lingui/react/macro";
import type { JSX } from "preact";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { savingData, whenIdle } from "../../lib/idle";
import { useLoaded } from "../../lib/useLoaded";
import { localize } from "../../lib/paths";
import type { Lang, PrivacyLinkSentence } from "../../lib/types";
import { useUrlQuery } from "../urlQuery";
import { Either, Shown, flagSlot, slot, textWhen, useAnswerTemplate } from "./answerTemplate";
import { Field, errorId, hintId, labelId } from "./Field";
import { RegionSelect } from "./RegionSelect";
import type { RegionOption } from "./regions";
import type * as OnceTouched from "./onceTouched";
import { forgetServedAnswer, servedAnswer, valuesIn } from "./servedAnswer";
import type { Receipt } from "./submission";
import {
  type ContactPageData,
  type ContactValues,
  type ControlState,
  EMPTY_VALUES,
  FIELD_ORDER,
  type FieldName,
} from "./types";

type TextName = "company" | "website" | "contactPerson" | "phone" | "email";

/** How each free-text field is typed: input type, autofill hint and keyboard. The phone number
 * without its area code is autofill's `tel-national`, which HTML allows on text inputs only (not on
 * `type="tel"`, which takes the full `tel`); `inputmode` still brings up the phone keypad. */
const TEXT_INPUTS: Record<TextName, JSX.InputHTMLAttributes<HTMLInputElement>> = {
  company: { type: "text", autoComplete: "organization" },
  website: { type: "url", autoComplete: "url", inputMode: "url" },
  contactPerson: { type: "text", autoComplete: "name" },
  phone: { type: "text", autoComplete: "tel-national", inputMode: "tel" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
};

/** The form's behaviour once loaded: a form drawn later (after navigating away and back) has it
 * from its first render; the prerender of the answer templates loads it first (`prepareAnswers`),
 * to draw the summary and the confirmation. */
let preparedBehaviour: typeof OnceTouched | null = null;

/** The form's validation and submission code (`import()` loads it once). */
const loadBehaviour = (): Promise<typeof OnceTouched> =>
  import("./onceTouched").then((behaviour) => (preparedBehaviour = behaviour));

/** Loads the form's behaviour before rendering (src/entry-server.tsx, for the answer templates). */
export async function prepareAnswers(): Promise<void> {
  preparedBehaviour = await loadBehaviour();
}

/** A sentence of the form around its link to the privacy policy; English puts a space before the
 * link, Chinese none. */
function PrivacyLinked({ sentence, lang }: { sentence: PrivacyLinkSentence; lang: Lang }) {
  return (
    <>
      {sentence.before}
      {lang === "en" ? " " : ""}
      <a href={localize("/privacy", lang)}>{sentence.link}</a>
      {sentence.after}
    </>
  );
}

/** Left as served: hydration does not touch the children of an element with inner HTML. */
const AS_SERVED = { __html: "" };

const countryName = (option: RegionOption) => option.name;
const areaCodeName = (option: RegionOption) => `${option.dialling} ${option.name}`;

/** The id of the card around the form (ui/src/pages/contact-us.tsx): a form sent without scripts
 * asks for it as the fragment of its answer, so the browser shows the answer's form, or its
 * confirmation, in view. */
export const APPLICATION_ID = "application";

/** The contact / open-account application form: validation on blur and on submit, the summary of
 * what is wrong at its top after a submit that found something (focused, with a link to each
 * field), the searchable country and area-code lists, submission with an idempotency key (the
 * form marked busy meanwhile), and the success panel that replaces the form. Failures keep every
 * answer. The validation and submission code (the region lists' too) loads once the page is idle
 * after hydration, so that the first tap finds it there, or, for a visitor saving data, when they
 * first focus or press anything in the form.
 *
 * Before its scripts run, or without them, the served form is a plain form posted to the page
 * (native selects for the country and area code): the server checks it with the same rules and
 * answers with this form again (the answers kept, the messages shown) or a confirmation, both drawn
 * from answer templates of this component (./answerTemplate.tsx). A served answer hydrates in the
 * state it shows (./servedAnswer.ts), and answers typed before hydration are kept. */
export function ContactForm({ data, lang }: { data: ContactPageData; lang: Lang }) {
  const { t } = useLingui();
  // Always null in the browser's build, which leaves the template's branches out.
  const template = import.meta.env.SSR ? useAnswerTemplate() : null;
  const copy = data.form;
  const formId = useId();
  const fieldId = (name: FieldName) => `${formId}-${name}`;
  const query = useUrlQuery();
  const requestId = query?.get("request") ?? "";
  const request = copy.request[requestId] ? requestId : null;

  const [served] = useState(servedAnswer);
  const servedErrors = served?.errors ?? {};
  const servedInvalid = Object.keys(servedErrors).length > 0;
  const [values, setValues] = useState<ContactValues>(served?.values ?? EMPTY_VALUES);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set(servedInvalid ? FIELD_ORDER : []));
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>(servedErrors);
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(served?.alert ?? null);
  const [receipt, setReceipt] = useState<Receipt | null>(served?.receipt ?? null);
  const [summaryShown, setSummaryShown] = useState(servedInvalid);
  /** Counts the submits that found something wrong (and a served answer that did): each moves
   * focus to the summary, once. */
  const [summaryFocus, setSummaryFocus] = useState(servedInvalid ? 1 : 0);
  const summaryFocused = useRef(0);
  /** Whether the form still shows the served answer as it came: its summary and confirmation stay
   * as served (their code is the behaviour's) until the visitor changes something. */
  const [asServed, setAsServed] = useState(served !== null);
  /** Whether the form has hydrated, and the native list in use, if any: the searchable lists
   * replace the native ones the page was served with once hydrated and the behaviour has
   * loaded, but not under the visitor's hand. */
  const [hydrated, setHydrated] = useState(false);
  const [nativeInUse, setNativeInUse] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [behaviourWanted, setBehaviourWanted] = useState(false);
  const behaviour = useLoaded(loadBehaviour, behaviourWanted) ?? preparedBehaviour;
  const countries = useMemo(
    () => (behaviour ? behaviour.countryOptions(data.countries, lang) : []),
    [behaviour, lang, data],
  );
  const areaCodes = useMemo(
    () => (behaviour ? behaviour.areaCodeOptions(data.callingCodes, lang) : []),
    [behaviour, lang, data],
  );
  const keyFor = useRef<((body: string) => string) | null>(null);
  const busy = useRef(false);
  const fax = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!savingData()) whenIdle(() => setBehaviourWanted(true));
  }, []);

  // Once hydrated, before anything renders again: take what the controls hold (typed before
  // hydration, or the served answer's).
  useLayoutEffect(() => {
    forgetServedAnswer();
    const held = form.current ? valuesIn(form.current) : {};
    setValues((before) => ({ ...before, ...held }));
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (behaviour) whenIdle(() => behaviour.compileChecks(copy.message, data.limits));
  }, [behaviour, copy, data]);

  // The fields' messages are the tap's answer and paint in its first frame; the summary follows
  // in a later one, at background priority, then takes focus, so the frame that answers the tap
  // lays out only the fields and nothing queued behind it waits for the summary.
  useEffect(() => {
    if (summaryFocus === summaryFocused.current) return;
    if (!summaryShown) {
      behaviour?.afterPendingTasks(() => setSummaryShown(true));
      return;
    }
    summary.current?.focus();
    summaryFocused.current = summaryFocus;
  }, [summaryFocus, summaryShown, behaviour]);

  // The summary and the confirmation are the behaviour's: the prerender draws them, the browser
  // leaves a served answer's as served until the visitor changes something.
  const drawn = import.meta.env.SSR || !asServed;
  const Summary = drawn ? behaviour?.ErrorSummary : undefined;
  const Success = drawn ? behaviour?.SuccessPanel : undefined;
  if (template === "received" && Success)
    return (
      <Success
        receipt={{
          id: slot("reference"),
          receivedAt: "",
          title: copy.success.title,
          detail: copy.success.detail,
        }}
        copy={copy.success}
      />
    );
  if (receipt)
    return Success ? (
      <Success receipt={receipt} copy={copy.success} />
    ) : (
      <section class="contact-success" dangerouslySetInnerHTML={AS_SERVED} />
    );

  const prepare = () => setBehaviourWanted(true);
  /** The message shown on `name`; in the answer template, the server's (kept when it has one). */
  const errorOf = (name: FieldName) =>
    template
      ? slot(`message.${name}`)
      : (serverErrors[name] ??
        (touched.has(name) && behaviour
          ? behaviour.fieldError(name, values, copy.message, data.limits)
          : null));
  /** The answer shown in the text field `name`; in the answer template, the visitor's. */
  const valueOf = (name: TextName) => (template ? slot(`value.${name}`) : values[name]);
  const touch = (name: FieldName) =>
    setTouched((before) => (before.has(name) ? before : new Set(before).add(name)));
  const update = (changes: Partial<ContactValues>) => {
    setAsServed(false);
    setValues((before) => ({ ...before, ...changes }));
    setServerErrors((before) => {
      const after = { ...before };
      for (const name of Object.keys(changes) as FieldName[]) delete after[name];
      return after;
    });
  };
  const controlProps = (name: FieldName): ControlState => {
    const error = errorOf(name);
    const hint = name === "consent" ? null : hintId(fieldId(name));
    if (template) {
      const described = textWhen(`error.${name}`, `${hint ? " " : ""}${errorId(fieldId(name))}`);
      return {
        id: fieldId(name),
        "aria-invalid": flagSlot(`invalid.${name}`),
        "aria-describedby": `${hint ?? ""}${described}`,
      };
    }
    return {
      id: fieldId(name),
      "aria-invalid": error !== null,
      "aria-describedby":
        [hint, error ? errorId(fieldId(name)) : null].filter((id) => id !== null).join(" ") || undefined,
    };
  };

  /** What every field's frame shows of `name`: its label, hint, required marker and message. */
  const frameOf = (name: Exclude<FieldName, "consent">) => ({
    id: fieldId(name),
    name,
    label: copy.label[name],
    hint: copy.hint[name],
    marker: copy.required,
    error: errorOf(name),
  });

  const textField = (name: TextName) => (
    <Field {...frameOf(name)}>
      <input
        {...TEXT_INPUTS[name]}
        {...controlProps(name)}
        name={name}
        class="contact-input"
        value={valueOf(name)}
        maxLength={data.limits[name]}
        onInput={(event) => update({ [name]: event.currentTarget.value })}
        onBlur={() => touch(name)}
      />
    </Field>
  );

  const regionField = (
    name: "country" | "areaCode",
    options: RegionOption[],
    onChoose: (value: string) => void,
  ) => (
    <Field {...frameOf(name)} class={`contact-field--${name}`}>
      {!import.meta.env.SSR && hydrated && behaviour && !nativeInUse ? (
        <behaviour.Combobox
          id={fieldId(name)}
          labelId={labelId(fieldId(name))}
          options={options}
          match={behaviour.matchOptions}
          value={values[name]}
          display={name === "country" ? countryName : areaCodeName}
          noMatch={copy.noMatch}
          describedBy={controlProps(name)["aria-describedby"]}
          invalid={errorOf(name) !== null}
          onChoose={onChoose}
          onLeave={() => touch(name)}
        />
      ) : (
        <RegionSelect
          name={name}
          data={data}
          lang={lang}
          value={values[name]}
          choose={copy.choose}
          control={controlProps(name)}
          onChoose={onChoose}
          onUse={setNativeInUse}
        />
      )}
    </Field>
  );

  const chooseCountry = (country: string) => {
    const prefill = !values.areaCode && areaCodes.some((option) => option.value === country);
    update(prefill ? { country, areaCode: country } : { country });
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    setAsServed(false);
    // The behaviour is normally here before the first tap: used as it is, the checks and their
    // messages render in this task, before the next frame. Awaiting `import()` even of a loaded
    // module would put a task and a frame between the tap and the messages.
    let loaded = behaviour;
    if (!loaded) {
      prepare();
      busy.current = true;
      loaded = await loadBehaviour().catch(() => null);
      busy.current = false;
    }
    if (!loaded) {
      setAlert(copy.error.network);
      return;
    }
    setTouched(new Set(FIELD_ORDER));
    setServerErrors({});
    if (loaded.firstInvalidField(values, copy.message, data.limits)) {
      setSummaryFocus((count) => count + 1);
      return;
    }
    busy.current = true;
    setSending(true);
    setAlert(null);
    const context = { lang, request, sourcePage: location.pathname, fax: fax.current?.value ?? "" };
    const body = JSON.stringify(loaded.applicationBody(values, context));
    keyFor.current ??= loaded.idempotencyKeys();
    const outcome = await loaded.submitApplication(body, keyFor.current(body), copy.error);
    busy.current = false;
    setSending(false);
    if (outcome.kind === "stored") {
      setReceipt(outcome.receipt);
    } else if (outcome.kind === "invalid") {
      setServerErrors(outcome.fields);
      setSummaryFocus((count) => count + 1);
    } else {
      setAlert(outcome.message);
    }
  };

  const consentError = errorOf("consent");
  const notice = request ? copy.request[request]?.notice : undefined;
  const invalidEntries = FIELD_ORDER.flatMap((name) => {
    const message = errorOf(name);
    return message ? [{ name, id: fieldId(name), message }] : [];
  });
  const consentClass = template
    ? `contact-consent${textWhen("error.consent", " contact-consent--invalid")}`
    : consentError
      ? "contact-consent contact-consent--invalid"
      : "contact-consent";

  return (
    <form
      ref={form}
      class="contact-form"
      method="post"
      action={`#${APPLICATION_ID}`}
      aria-busy={sending}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocusIn={prepare}
      onPointerDown={prepare}
    >
      <p class="contact-form__note">
        <PrivacyLinked sentence={copy.privacyNote} lang={lang} />
      </p>
      <Shown shown={summaryShown && invalidEntries.length > 0} condition="summary">
        {Summary ? (
          <Summary entries={invalidEntries} summaryRef={summary} />
        ) : (
          <div class="contact-summary" tabIndex={-1} ref={summary} dangerouslySetInnerHTML={AS_SERVED} />
        )}
      </Shown>
      <div class="contact-form__grid">
        {textField("company")}
        {regionField("country", countries, chooseCountry)}
        <Field {...frameOf("businessType")}>
          <select
            {...controlProps("businessType")}
            name="businessType"
            class="contact-input contact-select select-control"
            value={template ? undefined : values.businessType}
            onChange={(event) => update({ businessType: event.currentTarget.value })}
            onBlur={() => touch("businessType")}
          >
            {[{ value: "", label: copy.choose }, ...data.businessTypes].map((type) => (
              <Either
                key={type.value}
                on={type.value === values.businessType}
                condition={`chosen.businessType.${type.value}`}
                draw={(on) => (
                  <option value={type.value} selected={on}>
                    {type.label}
                  </option>
                )}
              />
            ))}
          </select>
        </Field>
        {textField("website")}
        {textField("contactPerson")}
        {textField("email")}
        <div class="contact-form__phone">
          {regionField("areaCode", areaCodes, (areaCode) => update({ areaCode }))}
          {textField("phone")}
        </div>
      </div>
      <div class={consentClass}>
        <Either
          on={values.consent}
          condition="checked.consent"
          draw={(on) => (
            <input
              {...controlProps("consent")}
              type="checkbox"
              name="consent"
              class="contact-consent__box"
              checked={on}
              onChange={(event) => {
                update({ consent: event.currentTarget.checked });
                touch("consent");
              }}
              onBlur={() => touch("consent")}
            />
          )}
        />
        <label for={fieldId("consent")} class="contact-consent__label">
          <PrivacyLinked sentence={copy.consent} lang={lang} />
          <span class="contact-field__mark" aria-hidden="true">
            {" *"}
          </span>
          <span class="visually-hidden"> {copy.required}</span>
        </label>
        <Shown shown={consentError !== null} condition="error.consent">
          <p id={errorId(fieldId("consent"))} class="contact-field__error">
            {consentError}
          </p>
        </Shown>
      </div>
      {notice && (
        <p class="contact-form__request" data-client-only>
          {notice}
        </p>
      )}
      <Shown shown={alert !== null} condition="alert">
        <div class="contact-form__alert" role="alert">
          {template ? slot("alert") : alert}
        </div>
      </Shown>
      <div class="contact-form__trap" aria-hidden="true">
        <label for={`${formId}-fax`}>{t`Fax`}</label>
        <input ref={fax} id={`${formId}-fax`} type="text" name="fax" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" class="button contact-form__submit" aria-disabled={sending}>
        {sending ? copy.sending : copy.submit}
      </button>
    </form>
  );
}
