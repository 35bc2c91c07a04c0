import { useLingui } from "@lingui/react/macro";

/** A trail of links to the pages above the current one; the last entry is the current page. */
export function Breadcrumbs({
  trail,
  current,
}: {
  trail: { href: string; label: string }[];
  current: string;
}) {
  const { t } = useLingui();
  return (
    <nav class="breadcrumbs" aria-label={t`Breadcrumb`}>
      <ol>
        {trail.map((item) => (
          <li key={item.href}>
            <a href={item.href}>{item.label}</a>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
