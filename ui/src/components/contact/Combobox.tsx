import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Icon } from "../Icon";
import type { RegionOption } from "./regions";

/** Options rendered at first; more follow as the list is scrolled or the keyboard moves past them. */
const PAGE = 50;

/** A searchable single choice (ARIA 1.2 combobox with a listbox popup, list autocomplete). Typing
 * filters the options and highlights the best match; arrows, Home and End move the highlight;
 * Enter or a click chooses; Escape closes. Leaving without choosing shows the previous choice. */
export function Combobox({
  id,
  labelId,
  options,
  match,
  value,
  display,
  noMatch,
  describedBy,
  invalid,
  onChoose,
  onLeave,
}: {
  id: string;
  labelId: string;
  /** Empty until the form's behaviour has loaded: the names come from the browser. */
  options: RegionOption[];
  /** The options that match what was typed, best first (`matchOptions` of ./regions.ts). */
  match: (options: RegionOption[], typed: string) => RegionOption[];
  value: string;
  display: (option: RegionOption) => string;
  noMatch: string;
  describedBy: string | undefined;
  invalid: boolean;
  onChoose: (value: string) => void;
  onLeave: () => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shown, setShown] = useState(PAGE);
  const list = useRef<HTMLUListElement>(null);
  const listId = `${id}-list`;
  const optionId = (option: RegionOption) => `${id}-${option.value}`;

  const chosen = options.find((option) => option.value === value);
  const matches = useMemo(() => match(options, typed ?? ""), [match, options, typed]);
  const expanded = open && matches.length > 0;
  const highlighted = expanded ? matches[active] : undefined;

  useEffect(() => {
    if (highlighted)
      list.current
        ?.querySelector(`#${CSS.escape(optionId(highlighted))}`)
        ?.scrollIntoView({ block: "nearest" });
  }, [highlighted]);

  const highlight = (index: number) => {
    setActive(index);
    if (index >= shown) setShown(index + PAGE);
  };
  const openAt = (index: number) => {
    setOpen(true);
    highlight(index);
  };
  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
    setShown(PAGE);
  };
  const choose = (option: RegionOption) => {
    close();
    onChoose(option.value);
  };

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const current = expanded ? active : matches.findIndex((option) => option.value === value);
    switch (event.key) {
      case "ArrowDown":
        if (event.altKey) openAt(active);
        else openAt(expanded ? (current >= last ? 0 : current + 1) : Math.max(current, 0));
        break;
      case "ArrowUp":
        openAt(expanded ? (current <= 0 ? last : current - 1) : current < 0 ? last : current);
        break;
      case "Home":
      case "End":
        if (!expanded || active < 0) return;
        highlight(event.key === "Home" ? 0 : last);
        break;
      case "Enter":
        if (!open) return;
        if (highlighted) choose(highlighted);
        else close();
        break;
      case "Escape":
        if (!open && typed === null) return;
        close();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div class="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        class="contact-input combobox__input"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={highlighted ? optionId(highlighted) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        autoComplete="off"
        spellcheck={false}
        value={typed ?? (chosen ? display(chosen) : "")}
        onInput={(event) => {
          const text = event.currentTarget.value;
          setTyped(text);
          setOpen(true);
          setShown(PAGE);
          setActive(text.trim() ? 0 : -1);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onClick={() => (open ? close() : openAt(matches.findIndex((option) => option.value === value)))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onLeave();
        }}
      />
      <Icon name="chevron-down" class="combobox__chevron" />
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        class="combobox__list"
        hidden={!expanded}
        onScroll={(event) => {
          const box = event.currentTarget;
          if (box.scrollTop + box.clientHeight > box.scrollHeight - 80) setShown((count) => count + PAGE);
        }}
      >
        {expanded &&
          matches.slice(0, shown).map((option, index) => (
            <li
              key={option.value}
              id={optionId(option)}
              role="option"
              aria-selected={index === active}
              aria-setsize={matches.length}
              aria-posinset={index + 1}
              class={
                option.value === value ? "combobox__option combobox__option--chosen" : "combobox__option"
              }
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span>{option.name}</span>
              {option.dialling && <span class="combobox__dialling">{option.dialling}</span>}
              {option.value === value && <Icon name="check" class="combobox__check" />}
            </li>
          ))}
      </ul>
      <p class="combobox__no-match" role="status">
        {open && typed !== null && matches.length === 0 ? noMatch : ""}
      </p>
    </div>
  );
}
