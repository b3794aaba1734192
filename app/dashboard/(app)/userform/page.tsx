import { redirect } from 'next/navigation';

// /dashboard/userform — SPEC §2: an older address of the profile
export default function UserFormPage() {
  redirect('/dashboard/profile');
}
