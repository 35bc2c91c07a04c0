import { Trans } from "@lingui/react/macro";
import { localize } from "../lib/paths";
import type { PageProps } from "../lib/types";

interface ErrorData {
  status: number;
  heading: string;
  lead: string;
  requestPath: string;
}

/** The 404 and 500 pages: status, message, the requested path and a way back. */
export default function ErrorPage({ page }: PageProps<ErrorData>) {
  return (
    <section class="container error-page">
      <p class="error-page__status">{page.data.status}</p>
      <h1>{page.data.heading}</h1>
      <p class="error-page__path">
        <code>{page.data.requestPath}</code>
      </p>
      <p class="lead">{page.data.lead}</p>
      <p>
        <a class="button" href={localize("/", page.lang)}>
          <Trans>Go to the home page</Trans>
        </a>
      </p>
    </section>
  );
}
