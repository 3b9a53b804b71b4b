/** Components rendered with a translator that has no texts: each label reads as its key. */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '../../src/i18n/react.tsx';
import { createTranslator } from '../../src/i18n/translator.ts';

const keysOnly = createTranslator({ lng: 'en', fallbackLng: 'en', texts: {} });

export const withKeys = (el: ReactNode) => createElement(I18nProvider, { i18n: keysOnly }, el);

/** The static markup of `el`, its labels as keys. */
export const keyMarkup = (el: ReactNode): string => renderToStaticMarkup(withKeys(el));
