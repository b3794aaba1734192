-- The bench data set (npm run bench), loaded set-based after the demo seed: 10 k users, 20 k ads,
-- 100 k conversations, ~1 M messages, 100 k bookings. The demo host and guest own large shares
-- (~2 000 conversations and ~2 000 bookings each) and the host's newest conversation has 3 000
-- messages. Every booking is in a state the minute sweep leaves alone (nothing to expire, settle,
-- pay out or insure), so the sweep does not compete with the measurement.
SELECT setseed(0.42);

CREATE TEMP TABLE bench_demo AS
SELECT (SELECT id FROM users WHERE username = 'host@example.com') AS host,
       (SELECT id FROM users WHERE username = 'guest@example.com') AS guest;

-- 10 000 users (no password: nobody signs in as them).
INSERT INTO users (username, type, first_name, last_name, language, nationality, country_of_residence, created_at)
SELECT 'bench-' || i || '@example.com', 'STRICT', 'Bench', 'User ' || i, 'sv', 'SE', 'SE', now() - (i || ' minutes')::interval
FROM generate_series(1, 10000) AS i;

CREATE TEMP TABLE bench_users AS
SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM users WHERE username LIKE 'bench-%@example.com';

-- 20 000 ads: 45 more for the demo host (50 in all), the rest spread over the bench users.
INSERT INTO cottages (user_id, title_sv, description_sv, area, beds, property_designation_type, rent_out_type, commission, lat, lng, address_city, price_low_day, price_high_day, created_at, updated_at)
SELECT CASE WHEN i <= 45 THEN d.host ELSE u.id END,
       'Stuga ' || i, 'En stuga för mätningar.', 40 + i % 80, 2 + i % 6, 'COTTAGE', 'ENTIRE_HOME', i % 2 = 0,
       55 + random() * 10, 12 + random() * 8, 'Ort ' || i % 500, 50000 + (i % 50) * 1000, 80000 + (i % 50) * 1000,
       now() - (i || ' minutes')::interval, now()
FROM generate_series(1, 20000) AS i
CROSS JOIN bench_demo d
JOIN bench_users u ON u.n = i % 10000;

CREATE TEMP TABLE bench_host_ads AS
SELECT row_number() OVER (ORDER BY c.id) - 1 AS n, c.id FROM cottages c, bench_demo d WHERE c.user_id = d.host AND c.title_sv LIKE 'Stuga %';
CREATE TEMP TABLE bench_ads AS
SELECT row_number() OVER (ORDER BY c.id) - 1 AS n, c.id, c.user_id FROM cottages c, bench_demo d WHERE c.user_id <> d.host AND c.title_sv LIKE 'Stuga %';

-- 100 000 conversations: 2 000 on the host's ads (one bench guest each), 2 000 of the demo guest on
-- bench ads, 96 000 between bench users ((ad, guest) pairs are unique).
INSERT INTO conversations (cottage_id, host_id, guest_id, commission, last_message_at, created_at)
SELECT a.id, d.host, u.id, false, now() - (random() * 365 || ' days')::interval, now() - interval '400 days'
FROM generate_series(0, 1999) AS i
CROSS JOIN bench_demo d
JOIN bench_host_ads a ON a.n = i % 45
JOIN bench_users u ON u.n = i;

INSERT INTO conversations (cottage_id, host_id, guest_id, commission, last_message_at, created_at)
SELECT a.id, a.user_id, d.guest, false, now() - (random() * 365 || ' days')::interval, now() - interval '400 days'
FROM generate_series(0, 1999) AS i
CROSS JOIN bench_demo d
JOIN bench_ads a ON a.n = i;

INSERT INTO conversations (cottage_id, host_id, guest_id, commission, last_message_at, created_at)
SELECT a.id, a.user_id, u.id, false, now() - (random() * 365 || ' days')::interval, now() - interval '400 days'
FROM generate_series(0, 95999) AS k
JOIN bench_ads a ON a.n = 2000 + k % 17000
JOIN bench_users u ON u.n = (k % 17000 + 3 * (k / 17000) + 1) % 10000;

CREATE TEMP TABLE bench_conversations AS
SELECT c.id, c.cottage_id, c.host_id, c.guest_id, c.last_message_at,
       row_number() OVER (PARTITION BY CASE WHEN c.host_id = d.host THEN 1 WHEN c.guest_id = d.guest THEN 2 ELSE 3 END ORDER BY c.id) AS n
FROM conversations c, bench_demo d
WHERE c.created_at = now() - interval '400 days';

-- The host's longest conversation: the newest activity, 3 000 messages.
CREATE TEMP TABLE bench_long AS
SELECT c.id FROM bench_conversations c, bench_demo d WHERE c.host_id = d.host ORDER BY c.id LIMIT 1;
UPDATE conversations SET last_message_at = now() WHERE id = (SELECT id FROM bench_long);

INSERT INTO messages (conversation_id, user_id, type, text, created_at)
SELECT c.id, CASE WHEN m % 2 = 0 THEN c.host_id ELSE c.guest_id END, 'text', 'Meddelande ' || m || ' i en lång tråd.',
       now() - ((3000 - m) || ' minutes')::interval
FROM bench_long l JOIN bench_conversations c ON c.id = l.id, generate_series(1, 3000) AS m;

-- ~997 000 more: ten per other conversation, the last at its last_message_at.
INSERT INTO messages (conversation_id, user_id, type, text, created_at)
SELECT c.id, CASE WHEN m % 2 = 0 THEN c.host_id ELSE c.guest_id END, 'text', 'Hej! Meddelande ' || m || '.',
       c.last_message_at - ((10 - m) || ' hours')::interval
FROM bench_conversations c, generate_series(1, 10) AS m
WHERE c.id <> (SELECT id FROM bench_long);

-- 100 000 bookings, one per conversation but the long one: past stays finished and paid out,
-- cancelled unpaid or expired; future stays paid (no insurance to fetch, calendar recorded) or
-- pending with an expiry ahead.
INSERT INTO bookings (conversation_id, cottage_id, host_id, guest_id, status, check_in, check_out, number_of_guests, cleaning_policy,
                      cancellation_policy_id, total_price, fee_percentage, booking_expiration_date, insurance, calendar_before,
                      paid_at, finished_at, paid_out_at, cancelled_at, created_at)
SELECT b.conversation_id, b.cottage_id, b.host_id, b.guest_id, b.status, b.check_in, b.check_in + b.nights, 2, 'guest',
       1 + b.i % 3, 100000 * b.nights, 12,
       CASE WHEN b.status = 'PENDING' THEN now() + interval '30 days' ELSE now() - interval '1 day' END,
       false, '[]'::jsonb,
       CASE WHEN b.status IN ('FINISHED', 'PAID') THEN now() - interval '10 days' END,
       CASE WHEN b.status = 'FINISHED' THEN b.check_in + b.nights END,
       CASE WHEN b.status = 'FINISHED' THEN b.check_in + 1 END,
       CASE WHEN b.status = 'CANCELLED' THEN now() - interval '20 days' END,
       now() - interval '30 days'
FROM (
  SELECT c.id AS conversation_id, c.cottage_id, c.host_id, c.guest_id, c.n AS i, (1 + c.n % 7)::int AS nights,
         CASE WHEN c.n % 10 < 6 THEN current_date - (30 + c.n % 700)::int ELSE current_date + (10 + c.n % 300)::int END AS check_in,
         CASE WHEN c.n % 10 < 4 THEN 'FINISHED' WHEN c.n % 10 = 4 THEN 'CANCELLED' WHEN c.n % 10 = 5 THEN 'EXPIRED'
              WHEN c.n % 10 < 9 THEN 'PAID' ELSE 'PENDING' END AS status
  FROM bench_conversations c
  WHERE c.id <> (SELECT id FROM bench_long)
) b;

-- Fill to 100 000 with second bookings in the bench users' conversations.
INSERT INTO bookings (conversation_id, cottage_id, host_id, guest_id, status, check_in, check_out, number_of_guests, cleaning_policy,
                      cancellation_policy_id, total_price, fee_percentage, booking_expiration_date, insurance, calendar_before, created_at)
SELECT c.id, c.cottage_id, c.host_id, c.guest_id, 'EXPIRED', current_date - 800, current_date - 797, 2, 'guest', 1, 300000, 12,
       now() - interval '1 day', false, '[]'::jsonb, now() - interval '30 days'
FROM bench_conversations c, bench_demo d
WHERE c.host_id <> d.host AND c.guest_id <> d.guest
ORDER BY c.id
LIMIT 100000 - (SELECT count(*) FROM bench_conversations) + 1;

-- Receipts (issue 16): the guest's card payment of every paid or finished stay, the host's payout
-- and the platform's fee of every finished one.
INSERT INTO orders (user_id, type, amount, status, source, booking_id, created_at, paid_at)
SELECT b.guest_id, 'PAYIN', b.total_price, 'paid', 'mangopay', b.id, b.paid_at, b.paid_at
FROM bookings b WHERE b.paid_at IS NOT NULL;
INSERT INTO orders (user_id, type, amount, status, source, booking_id, created_at, paid_at)
SELECT b.host_id, t.type, CASE WHEN t.type = 'PAYOUT' THEN b.total_price * 88 / 100 ELSE b.total_price * 12 / 100 END, 'paid', 'mangopay', b.id,
       b.paid_out_at, b.paid_out_at
FROM bookings b CROSS JOIN (VALUES ('PAYOUT'), ('FEE')) AS t(type) WHERE b.paid_out_at IS NOT NULL;

-- Reviews (issue 17): the guest's review of every finished stay, approved, half of them with the host's reply.
INSERT INTO reviews (user_id, cottage_id, booking_id, reviewed_user_id, body, score, accuracy, cleanliness, location, year, reviewed_at, created_at, updated_at)
SELECT b.guest_id, b.cottage_id, b.id, b.host_id, 'En fin vistelse, stugan var ren och läget fantastiskt.', 1 + b.id % 5, 1 + (b.id / 5) % 5,
       1 + (b.id / 25) % 5, 1 + (b.id / 125) % 5, extract(year from b.check_out)::int, b.check_out + 2, b.check_out + 1, b.check_out + 1
FROM bookings b WHERE b.status = 'FINISHED';
INSERT INTO review_replies (review_id, user_id, body, reviewed_at, created_at, updated_at)
SELECT r.id, r.reviewed_user_id, 'Tack för besöket, välkommen tillbaka!', r.reviewed_at + interval '1 day', r.reviewed_at, r.reviewed_at
FROM reviews r WHERE r.id % 2 = 0;
