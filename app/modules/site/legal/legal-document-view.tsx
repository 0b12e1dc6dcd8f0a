import { Link } from "react-router";
import type { LegalDocument } from "./legal-content.ts";
import { LEGAL_LABELS } from "./legal-labels.ts";

const updatedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A legal page (privacy, terms): title, date, table of contents, sections, contact e-mail. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const mailto = `mailto:${document.contactEmail}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <div className="grid gap-12 lg:grid-cols-12">
        <aside className="hidden lg:col-span-3 lg:block">
          <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-24">
            <h2 id="legal-contents" className="text-xs font-semibold uppercase tracking-wider text-slate-500">
              {LEGAL_LABELS.contents}
            </h2>
            <ol className="mt-3 space-y-1 border-l border-slate-200 text-sm">
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-slate-600 hover:border-brand-600 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>

        <article className="min-w-0 lg:col-span-9 lg:max-w-3xl">
          <header className="border-b border-slate-200 pb-8">
            <h1 className="text-4xl font-bold tracking-tight text-slate-950 sm:text-5xl">{document.title}</h1>
            <p className="mt-3 text-sm text-slate-500">
              {LEGAL_LABELS.updated}: <time dateTime={document.updated}>{updatedFormat.format(new Date(document.updated))}</time>
            </p>
            <p className="mt-6 text-lg leading-relaxed text-slate-700">{document.intro}</p>
            <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-700">
              {LEGAL_LABELS.questions}{" "}
              <a href={mailto} className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
                {document.contactEmail}
              </a>
            </p>
          </header>

          {document.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-b border-slate-100 py-8 last:border-b-0"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-950">
                {section.heading}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.items ? (
                  <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">
                    {section.items.map((item) => (
                      <li key={item.text}>
                        {item.term ? <strong className="font-semibold text-slate-900">{item.term}: </strong> : null}
                        {item.text}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {section.after?.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.links?.map((link) => (
                  <p key={link.href}>
                    <Link to={link.href} className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
                      {link.label}
                    </Link>
                  </p>
                ))}
                {section.id === "contact" ? (
                  <p>
                    <a
                      href={mailto}
                      className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-4 py-2.5 font-semibold text-brand-700 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
                        <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
                        <path d="m3 5.5 7 5.5 7-5.5" strokeLinejoin="round" />
                      </svg>
                      {document.contactEmail}
                    </a>
                  </p>
                ) : null}
              </div>
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
