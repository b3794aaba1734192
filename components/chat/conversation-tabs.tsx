'use client';
import * as Tabs from '@radix-ui/react-tabs';
import Link from 'next/link';

type Tab = { key: string; href: string; label: string };

/**
 * SPEC §2: a conversation's Messages and Offers tabs. Each tab is its own route, so the semantics are
 * the WAI-ARIA tab pattern on links: Radix Tabs gives the tablist, arrow keys, Home/End and the
 * roving tabindex; every tab but the current one is a Link, so Enter, Space, a click or a
 * middle-click open that route, and the route's own content is the one tab panel. Manual activation:
 * arrow keys only move focus and never navigate by themselves. SPEC's "the current page's tab is
 * disabled" becomes the selected tab: no link (there is nothing to open), yet focusable, as the
 * pattern requires of the selected tab.
 */
export function ConversationTabs({ label, current, tabs, children }: { label: string; current: string; tabs: readonly Tab[]; children: React.ReactNode }) {
  const base = 'px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
  return (
    <Tabs.Root value={current} activationMode="manual" className="flex flex-col gap-4">
      <Tabs.List aria-label={label} className="flex gap-2 border-b border-gray-200 print:hidden">
        {tabs.map((tab) =>
          tab.key === current ? (
            <Tabs.Trigger key={tab.key} value={tab.key} className={`${base} -mb-px border-b-2 border-brand-700 font-semibold`}>
              {tab.label}
            </Tabs.Trigger>
          ) : (
            <Tabs.Trigger key={tab.key} value={tab.key} asChild>
              <Link
                href={tab.href}
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
            </Tabs.Trigger>
          ),
        )}
      </Tabs.List>
      <Tabs.Content value={current} className="flex flex-col gap-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
