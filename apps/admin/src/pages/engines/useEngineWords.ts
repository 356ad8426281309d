import { useLocaleState, useTranslate } from 'react-admin';
import { type EngineName, type EngineRouteUpdate, type EngineUse } from '@estancia/contracts';

/** How the console writes engines, uses, money and durations in the current language. */
export const useEngineWords = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  });
  const seconds = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'second',
    maximumFractionDigits: 1,
  });
  const engineName = (name: EngineName) => translate(`console.engines.names.${name}`);
  const choice = ({ engine, model }: { engine: EngineName; model: string | null }) =>
    model ? `${engineName(engine)} · ${model}` : engineName(engine);
  return {
    engineName,
    useName: (use: EngineUse) => translate(`console.engines.uses.${use}`),
    euros: (cents: number) => money.format(cents / 100),
    duration: (ms: number) => seconds.format(ms / 1000),
    /** "OpenAI · gpt-image-1 (then: Replicate, Built-in renderer)" */
    route: (route: EngineRouteUpdate) =>
      route.fallbacks.length === 0
        ? choice(route)
        : translate('console.engines.withFallbacks', {
            engine: choice(route),
            fallbacks: route.fallbacks.map(choice).join(', '),
          }),
  };
};
