import type { EngineSession, Viewport } from "../session";
import type { Lang } from "../steps";

/** What a journey is given: the tab, the language it runs in and the site's origin (for the
 * oracles the test fetches itself: page data, API answers). */
export interface JourneyContext {
  session: EngineSession;
  lang: Lang;
  origin: string;
}

/** A visitor's path through the site, run in every engine (e2e/engines/journeys.spec.ts) in
 * both languages. */
export interface Journey {
  /** What the visitor does and sees: the test's title. */
  title: string;
  /** The window the journey starts in (default: the desktop window of steps.ts). */
  viewport?: Viewport;
  /** Whether the pages' scripts run (default: they do). */
  scripts?: boolean;
  /** Drives the session; fails on the first thing the visitor would not see. A script error left
   * at its end fails the journey too. */
  run(context: JourneyContext): Promise<void>;
}
