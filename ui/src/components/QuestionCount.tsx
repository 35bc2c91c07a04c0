import { Plural } from "@lingui/react/macro";

/** "6 questions", in the page's language. */
export function QuestionCount({ count }: { count: number }) {
  return <Plural value={count} one="# question" other="# questions" />;
}
