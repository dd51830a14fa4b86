import {useState, type ReactNode} from 'react';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import {parseJson} from '../../lib/new-flow-form';
import {FLOWS_TEXT} from '../../lib/texts';
import TextArea from '../text-area';

/**
 * The draft as JSON, editable: each edit that reads as JSON becomes the draft (the validator's findings show below
 * the editor as for any change); text that is not JSON stays here with a message until it is.
 */
export default function JsonView({
  document,
  onChange,
  readOnly,
}: {
  document: Questionnaire;
  onChange: (document: Questionnaire) => void;
  readOnly: boolean;
}): ReactNode {
  const [text, setText] = useState(() => JSON.stringify(document, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <TextArea
      label="Questionnaire JSON"
      hint="The FHIR R4 Questionnaire the draft is. Changes here are changes to the draft."
      rows={24}
      spellCheck={false}
      readOnly={readOnly}
      value={text}
      error={invalid ? FLOWS_TEXT.notJson : null}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = parseJson(next);
        setInvalid(!parsed.ok);
        if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null)
          onChange(parsed.value as Questionnaire);
      }}
    />
  );
}
