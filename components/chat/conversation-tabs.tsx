import { ConversationTabList, type Tab } from './conversation-tab-list';

const PANEL_ID = 'conversation-panel';

/**
 * SPEC §2: a conversation's Messages and Offers tabs. Each tab is its own route, so the semantics are
 * the WAI-ARIA tab pattern on links: a tablist whose arrow keys, Home/End and roving tabindex come from
 * ConversationTabList (a few lines of script instead of Radix Tabs, for the chat page's JS budget);
 * every tab but the current one is a Link, so Enter, Space, a click or a middle-click open that route,
 * and the route's own content is the one tab panel, rendered here on the server. Manual activation:
 * arrow keys only move focus and never navigate by themselves. SPEC's "the current page's tab is
 * disabled" becomes the selected tab: no link (there is nothing to open), yet focusable, as the
 * pattern requires of the selected tab.
 */
export function ConversationTabs({ label, current, tabs, children }: { label: string; current: string; tabs: readonly Tab[]; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <ConversationTabList label={label} current={current} tabs={tabs} panelId={PANEL_ID} />
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`conversation-tab-${current}`} tabIndex={0} className="flex flex-col gap-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {children}
      </div>
    </div>
  );
}
