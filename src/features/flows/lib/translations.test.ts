import {describe, expect, it} from 'vitest';
import {
  choiceOptions,
  itemText,
  textFor,
  type Questionnaire,
  type QuestionnaireItem,
} from '@intakekit/contract/questionnaire/index';
import {
  documentLanguages,
  setItemTranslation,
  setOptionTranslation,
  setTitleTranslation,
  withTranslation,
} from './translations';

const OTHER = {url: 'http://example.org/other', valueString: 'kept'};

describe('translations written as FHIR’s translation extension', () => {
  it('sets, replaces and removes one language, keeping other extensions, and the contract reads them', () => {
    let item = setItemTranslation({linkId: 'a', type: 'string', text: 'Name'}, 'es', 'Nombre');
    item = setItemTranslation(item, 'FR', 'Nom');
    expect(textFor(itemText(item), 'es-MX')).toBe('Nombre');
    expect(textFor(itemText(item), 'fr')).toBe('Nom');
    item = setItemTranslation(item, 'es', 'Su nombre');
    expect(itemText(item).translations).toEqual({es: 'Su nombre', fr: 'Nom'});
    item = setItemTranslation(setItemTranslation(item, 'es', ''), 'fr', '');
    expect(item).toEqual({linkId: 'a', type: 'string', text: 'Name'});

    const element = withTranslation({extension: [OTHER]}, 'es', 'Hola');
    expect(element?.extension?.[0]).toEqual(OTHER);
    expect(withTranslation(element, 'es', '')).toEqual({extension: [OTHER]});
  });

  it('translates options (a Coding’s display, a text option) and the title, and lists the languages used', () => {
    let item: QuestionnaireItem = {
      linkId: 'c',
      type: 'choice',
      answerOption: [{valueCoding: {code: 'y', display: 'Yes'}}, {valueString: 'Maybe'}],
    };
    item = setOptionTranslation(setOptionTranslation(item, 0, 'es', 'Sí'), 1, 'de', 'Vielleicht');
    const found = choiceOptions(undefined, item);
    expect(found.kind === 'options' && found.options.map((option) => textFor(option.label, 'es'))).toEqual([
      'Sí',
      'Maybe',
    ]);
    expect(found.kind === 'options' && textFor(found.options[1]!.label, 'de')).toBe('Vielleicht');
    const doc: Questionnaire = setTitleTranslation(
      {resourceType: 'Questionnaire', status: 'draft', title: 'Intake', item: [item]},
      'it',
      'Accettazione',
    );
    expect(documentLanguages(doc)).toEqual(['de', 'es', 'it']);
  });
});
