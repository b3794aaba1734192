// The few parts of @sentry/nextjs's browser side that uncaught errors need, named one by one so
// that the lazily loaded chunk leaves out what the SDK's full namespace carries (replay, feedback,
// tracing).
export { captureException, dedupeIntegration, httpContextIntegration, init, linkedErrorsIntegration } from '@sentry/nextjs';
