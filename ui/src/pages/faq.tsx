import { FaqSearchForm } from "../components/FaqSearchForm";
import { PageIntro } from "../components/PageIntro";
import { QuestionCount } from "../components/QuestionCount";
import { localize } from "../lib/paths";
import type { PageProps } from "../lib/types";
import { Words } from "../components/Words";
import "../styles/faq-categories.css";

/** `/faq`: the search box and the categories with their article counts. */
export default function FaqPage({ page }: PageProps<"faq">) {
  return (
    <>
      <PageIntro page={page} />
      <section class="container">
        <FaqSearchForm lang={page.lang} />
        <ul class="tiles card-list">
          {page.data.categories.map((category) => (
            <li key={category.id} class="card">
              <h2>
                <a href={localize(`/faq/${category.id}`, page.lang)}>
                  <Words text={category.title} />
                </a>
              </h2>
              <p>{category.description}</p>
              <p class="card__meta" data-article-count={category.count}>
                <QuestionCount count={category.count} />
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
