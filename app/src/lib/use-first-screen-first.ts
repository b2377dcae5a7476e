// A long list that paints its first screen before the rest: when a new `answer` arrives (a new
// server answer, identified by an object that stays the same while the answer does), only the first
// `firstScreen` items are returned, and the whole list right after, from a background transition
// (interruptible, so the first screen paints without waiting for the items below the fold). Changes
// that keep the answer (items appended, the list narrowed locally) return every item at once.
import { startTransition, useEffect, useMemo, useState } from 'react'

export function useFirstScreenFirst<T>(items: T[], answer: unknown, firstScreen: number): { shown: T[]; allShown: boolean } {
  const [allShownFor, setAllShownFor] = useState<unknown>(null)
  const allShown = allShownFor === answer || items.length <= firstScreen
  useEffect(() => {
    if (allShownFor !== answer) startTransition(() => setAllShownFor(answer))
  }, [allShownFor, answer])
  // The same array while the items are (a memoised list downstream skips its render).
  const shown = useMemo(() => (allShown ? items : items.slice(0, firstScreen)), [allShown, items, firstScreen])
  return { shown, allShown }
}
