export * from './users';
export * from './content';
export * from './cottages';
export * from './conversations';
export * from './bookings';
export * from './limits';
export * from './sandbox';
export * from './orders';
