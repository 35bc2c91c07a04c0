import { useSyncExternalStore } from "react";
import type { Entity, Lang } from "./types";

/** Every locale the store accepts; the site publishes en and zh, ru is reserved. */
export const LOCALES = ["en", "zh", "ru"] as const;

/** A locale the store accepts. */
export type Locale = (typeof LOCALES)[number];

/** What the identity service says about the logged-in user (contents are the service's). */
export type UserInfo = Record<string, unknown>;

/** The visitor session: the store named `main`. */
export interface MainState {
  locales: readonly Locale[];
  locale: Locale;
  isPhone: boolean;
  userInfo: UserInfo | null;
  islogged: boolean;
  entity: Entity;
}

/** localStorage keys the language is saved under. */
export const LANGUAGE_KEYS = ["mainLang", "lang"] as const;
/** localStorage key of the chosen entity. */
export const ENTITY_KEY = "entity";

/** The state every page is prerendered with; the browser's own state is applied after hydration. */
export const initialState: MainState = {
  locales: LOCALES,
  locale: "en",
  isPhone: false,
  userInfo: null,
  islogged: false,
  entity: "sg",
};

type Listener = () => void;

/** A minimal observable store. */
export function createStore(initial: MainState) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    name: "main",
    get: () => state,
    set: (patch: Partial<MainState>) => {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store `main` of this page. */
export const main = createStore(initialState);

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

function save(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode, blocked cookies); the choice then lasts for the page.
  }
}

/** Sets the language if it is one of the store's locales and saves it; refuses anything else. */
export function setLocale(value: string, store = main): boolean {
  if (!isLocale(value)) return false;
  store.set({ locale: value });
  for (const key of LANGUAGE_KEYS) save(key, value);
  return true;
}

/** The page language of a path: its first segment when that is `zh`, otherwise English. */
export function localeOfPath(path: string): Lang {
  return path === "/zh" || path.startsWith("/zh/") ? "zh" : "en";
}

/** Selects and saves the legal entity (Singapore or Hong Kong). */
export function setEntity(entity: Entity, store = main): void {
  store.set({ entity });
  save(ENTITY_KEY, entity);
}

/** Applies what the browser remembers (the entity) after hydration. */
export function restoreEntity(store = main): void {
  try {
    const saved = localStorage.getItem(ENTITY_KEY);
    if (saved === "sg" || saved === "hk") store.set({ entity: saved });
  } catch {
    // No storage: keep the default entity.
  }
}

/** Reads a slice of the store in a component and re-renders when it changes. */
export function useMain<T>(select: (state: MainState) => T): T {
  return useSyncExternalStore(main.subscribe, () => select(main.get()));
}
