import type { ReactNode } from 'react';
import { BRAND_NAME } from '@/lib/brand';

export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <title>{`${title} | ${BRAND_NAME}`}</title>
      <h1 className="mb-6 text-2xl font-bold text-primary sm:text-3xl">{title}</h1>
      <div className="grid gap-6 text-base leading-relaxed [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1">
        {children}
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
