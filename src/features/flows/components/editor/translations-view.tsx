import {memo, useState, type ReactNode} from 'react';
import SelectField from '@site/src/components/select-field';
import {
  itemText,
  readTranslations,
  type Questionnaire,
  type QuestionnaireItem,
} from '@intakekit/contract/questionnaire/index';
import {walkItems} from '@intakekit/contract/questionnaire/walk';
import {documentLanguages, setItemTranslation, setOptionTranslation, setTitleTranslation} from '../../lib/translations';
import {pathOfKey, useEditorActions} from './editor-context';
import styles from './editor.module.css';

/** A language tag as FHIR writes one: es, pt-BR, zh-Hant. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

type Option = NonNullable<QuestionnaireItem['answerOption']>[number];

const optionTranslations = (option: Option): Record<string, string> =>
  option.valueCoding
    ? readTranslations((option.valueCoding as Record<string, unknown>)['_display'])
    : readTranslations(({...option} as Record<string, unknown>)['_valueString']);

interface LineProps {
  source: string;
  value: string;
  label: string;
  /** None for a reader who may not change the flow: the translation is shown as text. */
  onChange: ((value: string) => void) | null;
}

function Line({source, value, label, onChange}: LineProps) {
  return (
    <div className={styles.translation}>
      <span className={styles.source}>{source || '(no text)'}</span>
      {onChange ? (
        <input
          className={styles.textInput}
          aria-label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <span className={styles.source}>{value}</span>
      )}
    </div>
  );
}

/** An item's text and its options' labels beside their translations; memoised like the editor's rows. */
const TranslationRow = memo(function TranslationRow(props: {
  item: QuestionnaireItem;
  pathKey: string;
  lang: string;
  readOnly: boolean;
}) {
  const {item, pathKey, lang, readOnly} = props;
  const path = pathOfKey(pathKey);
  const {change} = useEditorActions();
  const translations = itemText(item).translations;
  return (
    <li className={styles.row}>
      <code className={styles.linkId}>{item.linkId}</code>
      {item.text !== undefined ? (
        <Line
          source={item.text}
          value={translations[lang] ?? ''}
          label={`${lang} text of ${item.linkId}`}
          onChange={
            readOnly ? null : (content) => change(path, (current) => setItemTranslation(current, lang, content))
          }
        />
      ) : null}
      {(item.answerOption ?? []).map((option, index) =>
        option.valueInteger === undefined ? (
          <Line
            key={index}
            source={option.valueCoding?.display ?? option.valueString ?? option.valueCoding?.code ?? ''}
            value={optionTranslations(option)[lang] ?? ''}
            label={`${lang} option ${index + 1} of ${item.linkId}`}
            onChange={
              readOnly
                ? null
                : (content) => change(path, (current) => setOptionTranslation(current, index, lang, content))
            }
          />
        ) : null,
      )}
    </li>
  );
});

/** Each text of the flow beside its translation into the language picked; a new language is added by its tag. */
export default function TranslationsView({
  document,
  readOnly,
  onDocument,
}: {
  document: Questionnaire;
  readOnly: boolean;
  /** Changes the document itself (its title's translations); none for a reader. */
  onDocument: ((change: (document: Questionnaire) => Questionnaire) => void) | null;
}): ReactNode {
  const languages = documentLanguages(document);
  const [lang, setLang] = useState(languages[0] ?? '');
  const [added, setAdded] = useState<string[]>([]);
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const all = [...new Set([...languages, ...added])].sort();
  const add = () => {
    const next = tag.trim().toLowerCase();
    if (!LANGUAGE_TAG.test(next)) return setTagError('Enter a language tag such as es, fr or pt-br.');
    setTagError(null);
    setAdded((was) => [...was, next]);
    setLang(next);
    setTag('');
  };
  // Paths as the editor's changes take them, from the validator's own walk.
  const rows = walkItems(document).items.map((walked) => ({
    item: walked.item,
    pathKey: [...walked.path.matchAll(/\[(\d+)\]/g)].map((match) => match[1]).join('.'),
  }));
  return (
    <div className={styles.translations}>
      <div className={styles.detailRow}>
        {all.length > 0 ? (
          <SelectField label="Language" value={lang} onChange={(event) => setLang(event.target.value)}>
            {all.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </SelectField>
        ) : null}
        {readOnly ? null : (
          <>
            <label className={styles.inline}>
              <span>Add a language</span>
              <input
                className={styles.smallInput}
                value={tag}
                placeholder="es"
                aria-invalid={tagError ? true : undefined}
                aria-describedby={tagError ? 'language-tag-error' : undefined}
                onChange={(event) => setTag(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') add();
                }}
              />
            </label>
            <button type="button" className="button button--sm button--secondary" onClick={add}>
              Add language
            </button>
          </>
        )}
      </div>
      {tagError ? (
        <p id="language-tag-error" role="alert" className={styles.error}>
          {tagError}
        </p>
      ) : null}
      {lang === '' ? (
        <p className={styles.hint}>Add a language to translate the flow's texts into it.</p>
      ) : (
        <ol className={styles.items} aria-label={`Translations into ${lang}`}>
          <li className={styles.row}>
            <Line
              source={document.title ?? ''}
              value={readTranslations(({...document} as Record<string, unknown>)['_title'])[lang] ?? ''}
              label={`${lang} title`}
              onChange={
                onDocument ? (content) => onDocument((current) => setTitleTranslation(current, lang, content)) : null
              }
            />
          </li>
          {rows.map(({item, pathKey}) => (
            <TranslationRow key={pathKey} item={item} pathKey={pathKey} lang={lang} readOnly={readOnly} />
          ))}
        </ol>
      )}
    </div>
  );
}
