import { Trans } from "@lingui/react/macro";
import { FaqSearchForm } from "../components/FaqSearchForm";
import { localize } from "../lib/paths";
import type { PageProps } from "../lib/types";
import "../styles/lattice-edge.css";
import { Words } from "../components/Words";

/** The 404 and 500 pages: status, message and the requested path; a page that was not found
 * also offers the FAQ search and the most visited pages; both lead back home. */
export default function ErrorPage({ page }: PageProps<"error">) {
  const { status, suggestions } = page.data;
  return (
    <div class="error-backdrop">
      <section class="container error-page">
        <p class="error-page__status">{status}</p>
        <h1>
          <Words text={page.data.heading} />
        </h1>
        <p class="error-page__path">
          <code>{page.data.requestPath}</code>
        </p>
        <p class="lead">{page.data.lead}</p>
        {status === 404 && (
          <>
            <FaqSearchForm lang={page.lang} />
            <h2 class="error-page__heading">
              <Trans>Popular pages</Trans>
            </h2>
            <ul class="tiles card-list error-page__suggestions">
              {suggestions.map((suggestion) => (
                <li key={suggestion.href}>
                  <a href={suggestion.href}>
                    <span class="error-page__suggestion">{suggestion.title}</span>
                    <span class="error-page__summary">{suggestion.summary}</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          <a class="button" href={localize("/", page.lang)}>
            <Trans>Go to the home page</Trans>
          </a>
        </p>
      </section>
    </div>
  );
}
