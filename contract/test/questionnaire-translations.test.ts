import {describe, expect, it} from 'vitest';
import {
  TRANSLATION_EXTENSION_URL,
  choiceOptions,
  itemText,
  localeChain,
  textFor,
  type QuestionnaireItem,
} from '../src/questionnaire/index.js';

const translation = (lang: string, content: string) => ({
  url: TRANSLATION_EXTENSION_URL,
  extension: [
    {url: 'lang', valueCode: lang},
    {url: 'content', valueString: content},
  ],
});

describe('translations', () => {
  const item = {
    linkId: 'meds',
    type: 'choice',
    text: 'Do you take medication?',
    _text: {
      extension: [
        translation('es', '¿Toma algún medicamento?'),
        translation('pt-BR', 'Você toma algum remédio?'),
        {url: 'http://example.org/other', valueString: 'ignored'},
      ],
    },
    answerOption: [
      {valueCoding: {code: 'y', display: 'Yes', _display: {extension: [translation('es', 'Sí')]}}},
      {valueString: 'No', _valueString: {extension: [translation('es', 'No')]}},
      {valueInteger: 3},
    ],
  } as QuestionnaireItem;

  it('picks the locale, then its language, then the default text', () => {
    const text = itemText(item);
    expect(localeChain('es-MX')).toEqual(['es-mx', 'es']);
    expect(textFor(text, 'es-MX')).toBe('¿Toma algún medicamento?');
    expect(textFor(text, 'es')).toBe('¿Toma algún medicamento?');
    expect(textFor(text, 'pt_br')).toBe('Você toma algum remédio?');
    expect(textFor(text, 'pt')).toBe('Do you take medication?');
    expect(textFor(text, 'fr')).toBe('Do you take medication?');
    expect(textFor(text, undefined)).toBe('Do you take medication?');
  });

  it("translates an option's display, and shows an option without a display by its value", () => {
    const result = choiceOptions(undefined, item);
    if (result.kind !== 'options') throw new Error(result.kind);
    expect(result.options.map((option) => [option.path, option.answer, textFor(option.label, 'es-AR')])).toEqual([
      ['answerOption[0]', {valueCoding: {code: 'y', display: 'Yes'}}, 'Sí'],
      ['answerOption[1]', {valueString: 'No'}, 'No'],
      ['answerOption[2]', {valueInteger: 3}, '3'],
    ]);
  });
});
