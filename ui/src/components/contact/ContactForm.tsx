import { useLingui } from "@lingui/react/macro";
import type { JSX } from "preact";
import { useEffect, useId, useMemo, useRef, useState } from "preact/hooks";
import { savingData, whenIdle } from "../../lib/idle";
import { useLoaded } from "../../lib/useLoaded";
import { localize } from "../../lib/paths";
import type { Lang, PrivacyLinkSentence } from "../../lib/types";
import { useUrlQuery } from "../urlQuery";
import { Combobox } from "./Combobox";
import { Field, errorId, hintId, labelId } from "./Field";
import type { RegionOption } from "./regions";
import type * as OnceTouched from "./onceTouched";
import type { Receipt } from "./submission";
import { type ContactPageData, type ContactValues, EMPTY_VALUES, FIELD_ORDER, type FieldName } from "./types";

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

/** The form's validation and submission code (`import()` loads it once). */
const loadBehaviour = (): Promise<typeof OnceTouched> => import("./onceTouched");

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

/** Every option, whatever was typed: the list is empty until the behaviour has loaded. */
const keepAll = (options: RegionOption[]) => options;

const countryName = (option: RegionOption) => option.name;
const areaCodeName = (option: RegionOption) => `${option.dialling} ${option.name}`;

/** The contact / open-account application form: validation on blur and on submit, the summary of
 * what is wrong at its top after a submit that found something (focused, with a link to each
 * field), the searchable country and area-code lists, submission with an idempotency key (the
 * form marked busy meanwhile), and the success panel that replaces the form. Failures keep every
 * answer. The validation and submission code (the summary's and the region lists' too) loads
 * once the page is idle after hydration, so that the first tap finds it there, or, for a
 * visitor saving data, when they first focus or press anything in the form. */
export function ContactForm({ data, lang }: { data: ContactPageData; lang: Lang }) {
  const { t } = useLingui();
  const copy = data.form;
  const formId = useId();
  const fieldId = (name: FieldName) => `${formId}-${name}`;
  const query = useUrlQuery();
  const requestId = query?.get("request") ?? "";
  const request = copy.request[requestId] ? requestId : null;

  const [values, setValues] = useState<ContactValues>(EMPTY_VALUES);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [summaryShown, setSummaryShown] = useState(false);
  /** Counts the submits that found something wrong: each moves focus to the summary. */
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [behaviourWanted, setBehaviourWanted] = useState(false);
  const behaviour = useLoaded(loadBehaviour, behaviourWanted);
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

  useEffect(() => {
    if (behaviour) whenIdle(() => behaviour.compileChecks(copy.message, data.limits));
  }, [behaviour, copy, data]);

  // The fields' messages are the tap's answer and paint in its first frame; the summary follows
  // in a later one, at background priority, then takes focus, so the frame that answers the tap
  // lays out only the fields and nothing queued behind it waits for the summary.
  useEffect(() => {
    if (summaryFocus === 0) return;
    if (summaryShown) summary.current?.focus();
    else behaviour?.afterPendingTasks(() => setSummaryShown(true));
  }, [summaryFocus, summaryShown, behaviour]);

  if (receipt && behaviour) return <behaviour.SuccessPanel receipt={receipt} copy={copy.success} />;

  const prepare = () => setBehaviourWanted(true);
  const errorOf = (name: FieldName) =>
    serverErrors[name] ??
    (touched.has(name) && behaviour ? behaviour.fieldError(name, values, copy.message, data.limits) : null);
  const touch = (name: FieldName) =>
    setTouched((before) => (before.has(name) ? before : new Set(before).add(name)));
  const update = (changes: Partial<ContactValues>) => {
    setValues((before) => ({ ...before, ...changes }));
    setServerErrors((before) => {
      const after = { ...before };
      for (const name of Object.keys(changes) as FieldName[]) delete after[name];
      return after;
    });
  };
  const controlProps = (name: FieldName) => {
    const error = errorOf(name);
    return {
      id: fieldId(name),
      "aria-invalid": error !== null,
      "aria-describedby":
        [name === "consent" ? null : hintId(fieldId(name)), error ? errorId(fieldId(name)) : null]
          .filter((id) => id !== null)
          .join(" ") || undefined,
    };
  };

  /** What every field's frame shows of `name`: its label, hint, required marker and message. */
  const frameOf = (name: Exclude<FieldName, "consent">) => ({
    id: fieldId(name),
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
        value={values[name]}
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
      <Combobox
        id={fieldId(name)}
        labelId={labelId(fieldId(name))}
        options={options}
        match={behaviour ? behaviour.matchOptions : keepAll}
        value={values[name]}
        display={name === "country" ? countryName : areaCodeName}
        noMatch={copy.noMatch}
        describedBy={controlProps(name)["aria-describedby"]}
        invalid={errorOf(name) !== null}
        onChoose={onChoose}
        onLeave={() => touch(name)}
      />
    </Field>
  );

  const chooseCountry = (country: string) => {
    const prefill = !values.areaCode && areaCodes.some((option) => option.value === country);
    update(prefill ? { country, areaCode: country } : { country });
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
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
    return message ? [{ id: fieldId(name), message }] : [];
  });

  return (
    <form
      class="contact-form"
      aria-busy={sending}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocusIn={prepare}
      onPointerDown={prepare}
    >
      <p class="contact-form__note">
        <PrivacyLinked sentence={copy.privacyNote} lang={lang} />
      </p>
      {behaviour && summaryShown && invalidEntries.length > 0 && (
        <behaviour.ErrorSummary entries={invalidEntries} summaryRef={summary} />
      )}
      <div class="contact-form__grid">
        {textField("company")}
        {regionField("country", countries, chooseCountry)}
        <Field {...frameOf("businessType")}>
          <select
            {...controlProps("businessType")}
            name="businessType"
            class="contact-input contact-select select-control"
            value={values.businessType}
            onChange={(event) => update({ businessType: event.currentTarget.value })}
            onBlur={() => touch("businessType")}
          >
            <option value="">{copy.choose}</option>
            {data.businessTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
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
      <div class={consentError ? "contact-consent contact-consent--invalid" : "contact-consent"}>
        <input
          {...controlProps("consent")}
          type="checkbox"
          name="consent"
          class="contact-consent__box"
          checked={values.consent}
          onChange={(event) => {
            update({ consent: event.currentTarget.checked });
            touch("consent");
          }}
          onBlur={() => touch("consent")}
        />
        <label for={fieldId("consent")} class="contact-consent__label">
          <PrivacyLinked sentence={copy.consent} lang={lang} />
          <span class="contact-field__mark" aria-hidden="true">
            {" *"}
          </span>
          <span class="visually-hidden"> {copy.required}</span>
        </label>
        {consentError && (
          <p id={errorId(fieldId("consent"))} class="contact-field__error">
            {consentError}
          </p>
        )}
      </div>
      {notice && (
        <p class="contact-form__request" data-client-only>
          {notice}
        </p>
      )}
      {alert && (
        <div class="contact-form__alert" role="alert">
          {alert}
        </div>
      )}
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
