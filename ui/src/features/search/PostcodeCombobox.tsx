import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  AutocompletePostcodes,
  POSTCODE_PREFIX_MIN_CHARS,
  POSTCODE_SUGGESTIONS_MAX,
} from '../../../../common/contracts/postcodes.ts';
import { couldBecomePostcode } from '../../../../common/postcode/partial.ts';
import { isValidPostcode } from '../../../../common/postcode/postcode.ts';
import { endpointKey } from '../../shared/queries.ts';
import { cx } from '../../shared/ui/classNames.ts';
import { useDismiss } from '../../shared/ui/useDismiss.ts';
import type { FieldError } from './fieldIssue.ts';
import { fetchPostcodeSuggestions } from './postcodeSuggestions.ts';

/** Suggestions after a 300 ms pause in typing, not per key (how many, from how many characters: the contract). */
const AUTOCOMPLETE_DEBOUNCE_MS = 300;
const NONE: readonly string[] = [];

export interface PostcodeComboboxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter with no suggestion highlighted. */
  onSubmit: () => void;
  /** Why the search refused the postcode, said under it or in an error elsewhere. */
  error?: FieldError;
}

/**
 * The postcode field with suggestions, as an ARIA 1.2 combobox: focus stays in the input while the
 * arrow keys move a highlight through the listbox (announced through aria-activedescendant).
 */
export function PostcodeCombobox({ value, onChange, onSubmit, error }: PostcodeComboboxProps) {
  const intl = useIntl();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  // A value the visitor just picked is not looked up again, or the list would reopen over it.
  const [picked, setPicked] = useState<string | null>(null);

  const prefix = value.trim();
  const wanted = prefix.length >= POSTCODE_PREFIX_MIN_CHARS && prefix !== picked;

  // Each pause in typing, with the prefix then typed: the suggestions' key. A prefix is asked once
  // a visit; a pause on a prefix asked before opens its list again, from the cache.
  const [paused, setPaused] = useState<{ prefix: string } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => setPaused({ prefix }), AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [prefix, wanted]);
  const request = { query: { q: paused?.prefix ?? '', limit: POSTCODE_SUGGESTIONS_MAX } };
  const found = useQuery({
    // The answer's result list, not the whole answer.
    queryKey: [...endpointKey(AutocompletePostcodes, request), 'result'],
    queryFn: ({ signal }) => fetchPostcodeSuggestions(request.query.q, request.query.limit, signal),
    enabled: wanted && paused?.prefix === prefix,
    staleTime: Infinity,
    // A failure shows as no suggestions (the field stays usable) and is asked again at the next
    // pause on the prefix (a query in error holds no answer, so it is fetched again), not retried
    // meanwhile.
    retry: false,
    // The list on screen stays up while the next prefix's is asked for.
    placeholderData: keepPreviousData,
  });
  const suggestions = found.data ?? NONE;
  // An answer arriving after the visitor typed on is not opened over the new prefix.
  const latest = found.isPlaceholderData || paused?.prefix !== prefix ? undefined : found.data;
  // The paused prefix's list opens unhighlighted, unless the visitor has left the field meanwhile.
  useEffect(() => {
    if (!latest) return;
    setHighlighted(-1);
    setOpen(latest.length > 0 && document.activeElement === inputRef.current);
  }, [paused, latest]);

  const close = useCallback(() => {
    setOpen(false);
    setHighlighted(-1);
  }, []);
  useDismiss(containerRef, open, close);

  const shown = open && wanted && suggestions.length > 0;

  function pick(postcode: string) {
    setPicked(postcode);
    onChange(postcode);
    close();
    inputRef.current?.focus();
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const upper = input.value.toUpperCase();
    // Upper-casing in place keeps the caret where the visitor is typing.
    if (upper !== input.value) {
      const { selectionStart, selectionEnd } = input;
      input.value = upper;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    if (upper.trim().length < POSTCODE_PREFIX_MIN_CHARS) close();
    setPicked(null);
    onChange(upper);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0 || !wanted) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!shown) {
          setOpen(true);
          setHighlighted(step === 1 ? 0 : count - 1);
          return;
        }
        setHighlighted((current) =>
          current === -1 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count,
        );
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const choice = shown && highlighted >= 0 ? suggestions[highlighted] : undefined;
        if (choice) pick(choice);
        else {
          // What was just submitted needs no suggestions popping up over the results.
          setPicked(prefix);
          close();
          onSubmit();
        }
        return;
      }
      case 'Escape':
        if (shown) {
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  }

  // No error while what is typed can still become a postcode: "SW1" is not wrong, only unfinished.
  const shape =
    prefix === ''
      ? undefined
      : isValidPostcode(prefix)
        ? 'valid'
        : couldBecomePostcode(prefix)
          ? undefined
          : 'invalid';
  // A well-formed postcode the search refused (not held, outside the area) is not shown as valid.
  const validity = error ? 'invalid' : shape;
  const describedBy = [hintId, error?.text ? errorId : undefined, error?.describedBy]
    .filter(Boolean)
    .join(' ');
  const activeId = shown && highlighted >= 0 ? `${id}-option-${highlighted}` : undefined;

  return (
    <div className="postcode-combobox" ref={containerRef}>
      <label className="field__label" htmlFor={inputId}>
        {intl.formatMessage({ id: 'search.postcode.label' })}
      </label>
      <div className="postcode-combobox__control">
        <input
          ref={inputRef}
          id={inputId}
          className={cx('field__input', 'postcode-combobox__input', validity && `is-${validity}`)}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={validity === 'invalid' ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          placeholder={intl.formatMessage({ id: 'search.postcode.placeholder' })}
          value={value}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={() => {
            if (wanted && suggestions.length > 0) setOpen(true);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={intl.formatMessage({ id: 'search.postcode.suggestions' })}
          className="postcode-combobox__list"
          hidden={!shown}
        >
          {shown &&
            suggestions.map((postcode, index) => (
              <li
                key={postcode}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === highlighted}
                className={cx('postcode-combobox__option', index === highlighted && 'is-highlighted')}
                // Keeps focus in the input, which the pick then confirms.
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => pick(postcode)}
                onPointerEnter={() => setHighlighted(index)}
              >
                {postcode}
              </li>
            ))}
        </ul>
      </div>
      <p id={hintId} className="field__hint postcode-combobox__hint">
        {intl.formatMessage({
          id: shape === 'invalid' ? 'search.postcode.invalid' : 'search.postcode.hint',
        })}
      </p>
      {error?.text && (
        <p id={errorId} className="field__error" role="alert">
          {error.text}
        </p>
      )}
    </div>
  );
}
