export function PageTitle({ children }: { children: React.ReactNode }) {
  return <h1 className="mb-6 text-2xl font-semibold sm:text-3xl">{children}</h1>;
}
