import { useEffect, useState } from "preact/hooks";

/** Where reading happens: a section counts as being read once its top has passed this share of
 * the window's height. */
const READING_LINE = 0.25;

/** The id of the section being read among the elements with `ids`: the last one whose top has
 * passed the reading line, or `null` above the first. An IntersectionObserver watching the band
 * above the line says when a section's top crosses it, so nothing runs on every scroll event;
 * without IntersectionObserver it stays `null`. */
export function useActiveSection(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(" ");
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const sections = ids
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    const update = () => {
      const line = window.innerHeight * READING_LINE;
      const read = sections.filter((section) => section.getBoundingClientRect().top <= line);
      setActive(read.at(-1)?.id ?? null);
    };
    const observer = new IntersectionObserver(update, {
      rootMargin: `0px 0px -${100 - READING_LINE * 100}% 0px`,
    });
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, [key]); // `key` stands for `ids`, a new array on every render
  return active;
}
