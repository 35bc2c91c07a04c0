import "../styles/faq.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { PageIntro } from "../components/PageIntro";
import { QuestionCount } from "../components/QuestionCount";
import { RichText } from "../components/RichText";
import { localize } from "../lib/paths";
import type { Lang, PageData, PageProps } from "../lib/types";
import { Words } from "../components/Words";

const faqHref = (id: string, lang: Lang) => localize(`/faq/${id}`, lang);

function Category({ page }: { page: PageData<"faqCategory"> }) {
  return (
    <>
      <PageIntro page={page}>
        <Breadcrumbs
          trail={[{ href: localize("/faq", page.lang), label: page.data.section }]}
          current={page.data.heading}
        />
      </PageIntro>
      <section class="container" aria-labelledby="faq-articles">
        <h2 id="faq-articles" class="section-title">
          <QuestionCount count={page.data.articles.length} />
        </h2>
        <ol class="question-list">
          {page.data.articles.map((article) => (
            <li key={article.id} class="question-list__item">
              <h3 class="question-list__title">
                <a href={faqHref(article.id, page.lang)}>
                  <Words text={article.title} />
                </a>
              </h3>
              <p>{article.summary}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function Article({ page }: { page: PageData<"faqArticle"> }) {
  const { t } = useLingui();
  const { category, previous, next, related } = page.data;
  return (
    <article class="container article">
      <Breadcrumbs
        trail={[
          { href: localize("/faq", page.lang), label: page.data.section },
          { href: faqHref(category.id, page.lang), label: category.title },
        ]}
        current={page.data.heading}
      />
      <h1>
        <Words text={page.data.heading} />
      </h1>
      <p class="lead">{page.data.lead}</p>
      <RichText blocks={page.data.blocks} />
      {related.length > 0 && (
        <aside class="related" aria-labelledby="related-questions">
          <h2 id="related-questions">
            <Trans>Related questions</Trans>
          </h2>
          <ul>
            {related.map((item) => (
              <li key={item.id}>
                <a href={faqHref(item.id, page.lang)}>{item.title}</a>
              </li>
            ))}
          </ul>
        </aside>
      )}
      <nav class="pager" aria-label={t`More questions in this category`}>
        {previous && (
          <a class="pager__previous" href={faqHref(previous.id, page.lang)} rel="prev">
            <span class="pager__label">
              <Trans>Previous question</Trans>
            </span>
            {previous.title}
          </a>
        )}
        {next && (
          <a class="pager__next" href={faqHref(next.id, page.lang)} rel="next">
            <span class="pager__label">
              <Trans>Next question</Trans>
            </span>
            {next.title}
          </a>
        )}
      </nav>
    </article>
  );
}

/** A FAQ entry: a category or an article, told apart by the body's kind. */
export default function FaqEntryPage({ page }: PageProps<"faqCategory" | "faqArticle">) {
  const { data } = page;
  return data.kind === "faqCategory" ? (
    <Category page={{ ...page, data }} />
  ) : (
    <Article page={{ ...page, data }} />
  );
}
