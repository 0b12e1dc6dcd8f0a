import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { ArrowRightIcon } from "~/modules/site/ui/icons";
import { CONTAINER, LandingSection } from "./landing-section.tsx";

/** 7. The closing call to action, to /{lang}/contact. */
export function FinalCta() {
  const { language, t } = useI18n();
  return (
    <LandingSection id="cta" className="bg-white py-20 sm:py-24">
      <div className={CONTAINER}>
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-600 via-brand-600 to-brand-700 px-6 py-14 text-center shadow-2xl shadow-brand-600/20 sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute -bottom-32 left-1/2 -z-10 h-80 w-[48rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgba(255,255,255,0.18),transparent)]"
          />
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {t("site.landing.finalCta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{t("site.landing.finalCta.text")}</p>
          <Link
            to={sitePath(language, "/contact")}
            data-testid="final-cta"
            className={`${buttonClass({ variant: "onDark", size: "lg" })} mt-8`}
          >
            {t("site.landing.finalCta.button")}
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </LandingSection>
  );
}
