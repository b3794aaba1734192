'use client';
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { tokenFailureTarget, tokenLandingTarget, type TokenLandingQuery } from '@/lib/rules/token-redirect';
import { FullLoader } from '@/components/ui/full-loader';

/** Posts the link's token once, then follows SPEC §2's redirect rules. */
export function TokenLanding({ token, query }: { token: string; query: TokenLandingQuery }) {
  const t = useTranslations('token');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api('/auth/token', { body: { token }, logoutOn401: false })
      .then(() => window.location.replace(`/dashboard${tokenLandingTarget(query).replace(/^\/$/, '')}`))
      .catch(() => window.location.replace(`/dashboard${tokenFailureTarget(query)}`));
  }, [token, query]);
  return <FullLoader label={t('loading')} />;
}
