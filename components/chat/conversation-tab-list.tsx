'use client';
import { useState } from 'react';
import Link from 'next/link';

export type Tab = { key: string; href: string; label: string };

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The tablist of ConversationTabs: one Tab stop (the tab last focused, at first the selected one);
 * ArrowLeft/ArrowRight (wrapping), Home and End move focus between the tabs without opening them.
 */
export function ConversationTabList({ label, current, tabs, panelId }: { label: string; current: string; tabs: readonly Tab[]; panelId: string }) {
  const [stop, setStop] = useState(current);
  const base = 'px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className="flex gap-2 border-b border-gray-200 print:hidden"
      onKeyDown={(event) => {
        const move = MOVES[event.key];
        if (!move) return;
        const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
        const index = items.indexOf(event.target as HTMLElement);
        if (index < 0) return;
        event.preventDefault();
        items[move(index, items.length)]?.focus();
      }}
    >
      {tabs.map((tab) => {
        const common = {
          id: `conversation-tab-${tab.key}`,
          tabIndex: stop === tab.key ? 0 : -1,
          onFocus: () => setStop(tab.key),
        } as const;
        return tab.key === current ? (
          <button key={tab.key} type="button" role="tab" {...common} aria-selected aria-controls={panelId} className={`${base} -mb-px border-b-2 border-brand-700 font-semibold`}>
            {tab.label}
          </button>
        ) : (
          <Link
            key={tab.key}
            href={tab.href}
            role="tab"
            {...common}
            aria-selected={false}
            className={`${base} text-muted hover:text-ink`}
            onKeyDown={(event) => {
              // A link follows Enter by itself; the tab pattern activates on Space too.
              if (event.key === ' ') {
                event.preventDefault();
                event.currentTarget.click();
              }
            }}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
