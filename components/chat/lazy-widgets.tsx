'use client';
import dynamic from 'next/dynamic';

// Shown only to some readers (a guest who may rate the host, a host who may ask for a review):
// their code (and react-hook-form) loads after the page, only where they show, keeping the chat page within its JS budget.
export const HostReview = dynamic(() => import('./host-review').then((m) => m.HostReview), { ssr: false });
export const AskForReview = dynamic(() => import('./ask-for-review').then((m) => m.AskForReview), { ssr: false });
