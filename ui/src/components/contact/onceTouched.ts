/** What the form needs only once a visitor works with it (src/components/contact/ContactForm.tsx
 * loads it when the page is idle after hydration, or on the first focus, pointer press or submit):
 * validation, when the summary of what is wrong shows, the country and area-code lists and their
 * search, and submission, kept out of the page's first load. (The summary and the confirmation
 * are drawn by the page's own code: a served answer hydrates showing them.) */
export { afterPendingTasks } from "./afterPendingTasks";
export { areaCodeOptions, countryOptions, matchOptions } from "./regions";
export { compileChecks, fieldError, firstInvalidField } from "./rules";
export { applicationBody, idempotencyKeys, submitApplication } from "./submission";
