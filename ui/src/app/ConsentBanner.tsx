import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "preact/hooks";
import { loadAnalytics } from "../lib/analytics";
import {
  CONSENT_CHANGE,
  CONSENT_SETTINGS,
  type Level,
  openConsentSettings,
  readConsent,
  saveConsent,
} from "../lib/consent";
import { localize } from "../lib/paths";
import type { Lang } from "../lib/types";
import { useRuntime } from "./runtime";
import "../styles/consent.css";

/** What the banner shows: nothing, the three choices, or the per-level settings. */
type View = "hidden" | "choices" | "settings";

/** The cookie-consent banner (first visit, or reopened from the footer or the cookie policy)
 * and the analytics script that depends on it. Rendered only after hydration, as an overlay, so
 * it neither blocks the content nor shifts the layout. */
export function ConsentBanner({ lang }: { lang: Lang }) {
  const { t } = useLingui();
  const runtime = useRuntime();
  const [view, setView] = useState<View>("hidden");
  const [chosen, setChosen] = useState<Level[]>(["necessary"]);
  const opener = useRef<Element | null>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const analytics = () => loadAnalytics(runtime?.analyticsScript ?? "");
    const reopen = () => {
      opener.current = document.activeElement;
      setChosen(readConsent() ?? ["necessary"]);
      setView("settings");
    };
    analytics();
    if (readConsent() === null) setView("choices");
    window.addEventListener(CONSENT_CHANGE, analytics);
    window.addEventListener(CONSENT_SETTINGS, reopen);
    return () => {
      window.removeEventListener(CONSENT_CHANGE, analytics);
      window.removeEventListener(CONSENT_SETTINGS, reopen);
    };
  }, [runtime]);

  useEffect(() => {
    const root = document.documentElement;
    if (view === "hidden") delete root.dataset.consent;
    else root.dataset.consent = "pending";
    if (view === "settings") panel.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [view]);

  if (view === "hidden") return null;

  // Both views are one tree: Settings changes a few attributes and the pressed button's label
  // (it becomes "Save my choices", so the focused button is never hidden, which would make the
  // browser restyle the page inside the tap), and the levels, laid out unseen since the banner
  // appeared, only take their height (src/styles/consent.css): they show in the frame after the
  // tap.
  const settings = view === "settings";

  const decide = (levels: Level[]) => {
    saveConsent(levels);
    setView("hidden");
    if (opener.current instanceof HTMLElement) opener.current.focus();
    opener.current = null;
  };
  const toggle = (level: Level, on: boolean) =>
    setChosen((levels) => (on ? [...levels, level] : levels.filter((l) => l !== level)));
  const levels: { id: Level; name: string; description: string }[] = [
    {
      id: "necessary",
      name: t`Strictly necessary`,
      description: t`Required for the site to work: they remember your cookie choice, language and entity. Always on.`,
    },
    {
      id: "performance",
      name: t`Performance`,
      description: t`Page-view analytics that show us which pages are visited, so that we can improve the site.`,
    },
    {
      id: "functional",
      name: t`Functional`,
      description: t`Remember preferences such as a notice you have dismissed.`,
    },
  ];

  return (
    <section
      ref={panel}
      class="consent"
      aria-labelledby="consent-title"
      data-client-only
      data-consent-view={view}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        const recorded = readConsent();
        if (recorded) decide(recorded);
      }}
    >
      <div class="consent__inner">
        <h2 id="consent-title" tabIndex={-1}>
          <Trans>Cookies on this site</Trans>
        </h2>
        <p>
          <Trans>
            We use strictly necessary cookies to run this site. With your consent we also use performance
            cookies for page-view statistics and functional cookies to remember your preferences. See our{" "}
            <a href={localize("/cookie-policy", lang)}>cookie policy</a>.
          </Trans>
        </p>
        <div class="consent__settings" data-shown={settings || undefined}>
          <fieldset class="consent__levels">
            <legend>
              <Trans>Cookie levels</Trans>
            </legend>
            {levels.map((level) => (
              <div key={level.id} class="consent__level">
                <label>
                  <input
                    type="checkbox"
                    name={level.id}
                    checked={level.id === "necessary" || chosen.includes(level.id)}
                    disabled={level.id === "necessary"}
                    aria-describedby={`consent-${level.id}`}
                    onChange={(event) => toggle(level.id, event.currentTarget.checked)}
                  />
                  {level.name}
                </label>
                <p id={`consent-${level.id}`}>{level.description}</p>
              </div>
            ))}
          </fieldset>
        </div>
        <div class="consent__actions">
          <button
            type="button"
            class="button"
            onClick={() => decide(["necessary", "performance", "functional"])}
          >
            <Trans>Accept all</Trans>
          </button>
          <button
            type="button"
            class="button button--secondary"
            hidden={settings}
            onClick={() => decide(["necessary"])}
          >
            <Trans>Necessary only</Trans>
          </button>
          <button
            type="button"
            class="button button--secondary"
            onClick={() => {
              if (settings) return decide(chosen);
              setChosen(readConsent() ?? ["necessary"]);
              setView("settings");
            }}
          >
            {settings ? <Trans>Save my choices</Trans> : <Trans>Settings</Trans>}
          </button>
        </div>
      </div>
    </section>
  );
}

/** A button that reopens the cookie-consent settings (footer, cookie policy). */
export function ConsentSettingsButton({ class: className }: { class?: string }) {
  return (
    <button
      type="button"
      class={className ?? "link-button"}
      data-consent-settings
      onClick={openConsentSettings}
    >
      <Trans>Cookie settings</Trans>
    </button>
  );
}
