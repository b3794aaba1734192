// SPEC §2 "Side menu", in order.
export const NAV_ITEMS = [
  { key: 'home', href: '/' },
  { key: 'todo', href: '/dashboard/to-do' },
  { key: 'conversations', href: '/dashboard/conversations' },
  { key: 'bookings', href: '/dashboard/bookings' },
  { key: 'cottages', href: '/dashboard/cottages' },
  { key: 'reviews', href: '/dashboard/reviews' },
  { key: 'orders', href: '/dashboard/orders' },
  { key: 'profile', href: '/dashboard/profile' },
  { key: 'news', href: '/dashboard/news' },
  { key: 'logout', href: '/dashboard/logout' },
] as const;
