import type { ComponentChildren } from "preact";
import type { IntroData } from "../lib/types";
import { Words } from "./Words";

/** The page heading and its introduction. */
export function PageIntro({ page, children }: { page: { data: IntroData }; children?: ComponentChildren }) {
  return (
    <section class="page-intro">
      <div class="container">
        {children}
        <h1>
          <Words text={page.data.heading} />
        </h1>
        <p class="lead">{page.data.lead}</p>
      </div>
    </section>
  );
}
