import 'server-only';
import { messageAnswer } from '@/lib/schemas/common';
import {
  createReviewBody,
  moderationDecision,
  moderationDto,
  replyBody,
  replyDto,
  reviewAllowedDto,
  reviewContent,
  reviewDto,
  reviewListQuery,
  reviewPage,
  publicReviewsDto,
} from '@/lib/schemas/reviews';
import { todayInStockholm } from '@/lib/rules/dates';
import type { Api } from '../http/api';
import {
  createReply,
  createReview,
  decide,
  deleteReply,
  deleteReview,
  getReply,
  getReview,
  listReviews,
  publicReviews,
  reviewAllowed,
  updateReply,
  updateReview,
  waitingForApproval,
} from '../services/reviews';
import { publicAd } from '../services/cottages-public';
import { idOf } from './cottages';

const thisYear = () => Number(todayInStockholm().slice(0, 4));

/** SPEC §7 "Reviews and orders": reviews of stays and the hosts' replies; administrators approve them. */
export function reviewRoutes(api: Api) {
  // GET /api/user/reviews — my reviews and the approved reviews of my ads, 10 a page
  api.route({ method: 'get', path: '/api/user/reviews', auth: 'user', tag: 'reviews', summary: 'My reviews', query: reviewListQuery, response: reviewPage }, async ({ db, user, query, locale }) =>
    listReviews(db, user, query, locale),
  );

  // POST /api/user/reviews — a review of a finished stay (waits for approval)
  api.route(
    { method: 'post', path: '/api/user/reviews', auth: 'user', tag: 'reviews', summary: 'Review a stay', body: () => createReviewBody(thisYear()), response: reviewDto },
    async ({ db, user, body, locale }) => createReview(db, user, body, locale),
  );

  // GET /api/user/reviews/is-allowed/:cottageId/:bookingId — may I review this stay, and have I?
  for (const path of ['/api/user/reviews/is-allowed/:cottageId/:bookingId', '/api/user/reviews/is-allowed/:cottageId']) {
    api.route({ method: 'get', path, auth: 'user', tag: 'reviews', summary: 'May I review this stay', response: reviewAllowedDto }, async ({ db, user, params }) =>
      reviewAllowed(db, user, idOf(params, 'cottageId'), params.bookingId ? idOf(params, 'bookingId') : null),
    );
  }

  // GET/POST/PUT/DELETE /api/user/reviews/reply/:id — the reviewed host's reply (POST takes the review's id)
  api.route({ method: 'get', path: '/api/user/reviews/reply/:id', auth: 'user', tag: 'reviews', summary: 'A reply', response: replyDto }, async ({ db, user, params, locale }) =>
    getReply(db, user, idOf(params), locale),
  );
  api.route(
    { method: 'post', path: '/api/user/reviews/reply/:id', auth: 'user', tag: 'reviews', summary: 'Reply to a review of my ad', body: replyBody, response: replyDto },
    async ({ db, user, params, body, locale }) => createReply(db, user, idOf(params), body, locale),
  );
  api.route(
    { method: 'put', path: '/api/user/reviews/reply/:id', auth: 'user', tag: 'reviews', summary: 'Edit my reply', body: replyBody, response: replyDto },
    async ({ db, user, params, body, locale }) => updateReply(db, user, idOf(params), body, locale),
  );
  api.route({ method: 'delete', path: '/api/user/reviews/reply/:id', auth: 'user', tag: 'reviews', summary: 'Delete my reply', response: messageAnswer }, async ({ db, user, params }) =>
    deleteReply(db, user, idOf(params)),
  );

  // GET/PUT/DELETE /api/user/reviews/:id
  api.route({ method: 'get', path: '/api/user/reviews/:id', auth: 'user', tag: 'reviews', summary: 'A review', response: reviewDto }, async ({ db, user, params, locale }) =>
    getReview(db, user, idOf(params), locale),
  );
  api.route(
    { method: 'put', path: '/api/user/reviews/:id', auth: 'user', tag: 'reviews', summary: 'Edit my review (waits for approval again)', body: () => reviewContent(thisYear()), response: reviewDto },
    async ({ db, user, params, body, locale }) => updateReview(db, user, idOf(params), body, locale),
  );
  api.route({ method: 'delete', path: '/api/user/reviews/:id', auth: 'user', tag: 'reviews', summary: 'Delete my review', response: messageAnswer }, async ({ db, user, params }) =>
    deleteReview(db, user, idOf(params)),
  );

  // GET /api/public/cottages/:id/reviews — the approved reviews of a public ad, their count and averages
  api.route(
    { method: 'get', path: '/api/public/cottages/:id/reviews', auth: 'optional', tag: 'public', summary: "A public ad's reviews", response: publicReviewsDto },
    async ({ db, user, params, locale }) => {
      await publicAd(db, user, idOf(params), false);
      return publicReviews(db, idOf(params), locale);
    },
  );

  // Administrators: what waits for approval, and the decisions
  api.route(
    { method: 'get', path: '/api/admin/reviews', auth: 'admin', tag: 'reviews', summary: 'Reviews and replies waiting for approval (admin)', response: moderationDto },
    async ({ db, user, locale }) => waitingForApproval(db, user, locale),
  );
  api.route(
    { method: 'post', path: '/api/admin/reviews/reply/:id', auth: 'admin', tag: 'reviews', summary: 'Approve or reject a reply (admin)', body: moderationDecision, response: messageAnswer },
    async ({ db, params, body }) => decide(db, 'reply', idOf(params), body.approve),
  );
  api.route(
    { method: 'post', path: '/api/admin/reviews/:id', auth: 'admin', tag: 'reviews', summary: 'Approve or reject a review (admin)', body: moderationDecision, response: messageAnswer },
    async ({ db, params, body }) => decide(db, 'review', idOf(params), body.approve),
  );
}
