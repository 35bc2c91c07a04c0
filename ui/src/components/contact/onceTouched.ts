/** What the form needs only once a visitor works with it (src/components/contact/ContactForm.tsx
 * loads it when the page is idle after hydration, or on the first focus, pointer press or submit):
 * validation, the summary of what is wrong and when it shows, the searchable country and
 * area-code lists (until then the native ones the page was served with serve), submission and the
 * panel shown after it, kept out of the page's first load.
 * (A document answering a form posted without scripts shows a summary or a confirmation before
 * this has loaded: the form leaves them as served.) */
export { afterPendingTasks } from "./afterPendingTasks";
export { Combobox } from "./Combobox";
export { ErrorSummary } from "./ErrorSummary";
export { areaCodeOptions, countryOptions, matchOptions } from "./regions";
export { compileChecks, fieldError, firstInvalidField } from "./rules";
export { SuccessPanel } from "./SuccessPanel";
export { applicationBody, idempotencyKeys, submitApplication } from "./submission";
