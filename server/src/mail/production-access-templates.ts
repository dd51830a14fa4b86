// The production access emails: a request to the operator, and the operator's answer to the team's owner.
import {MONTHLY_INTAKE_LABELS, type MonthlyIntakeVolume} from '@intakekit/contract/production-access';
import type {Parts} from './templates.js';

export type ProductionAccessMail =
  | {
      kind: 'production-access-requested';
      /** Plain text chosen by the team: quoted, escaped in the HTML part, never made into links. */
      teamName: string;
      teamId: string;
      ownerEmail: string;
      plans: string;
      monthlyIntakes: MonthlyIntakeVolume;
    }
  | {kind: 'production-access-granted'; name: string | null; teamName: string; link: string}
  | {kind: 'production-access-withdrawn'; name: string | null; teamName: string; link: string};

export function productionAccessParts(template: ProductionAccessMail): Parts {
  switch (template.kind) {
    case 'production-access-requested':
      return {
        subject: 'Production access requested on IntakeKit',
        greeting: 'Hello,',
        paragraphs: [
          `The owner of the team “${template.teamName}” (id ${template.teamId}), ${template.ownerEmail}, asked for production access.`,
          `Expected volume: ${MONTHLY_INTAKE_LABELS[template.monthlyIntakes]}.`,
          `What the clinic plans, in their words:\n${template.plans}`,
          `To grant it, run: npm run admin -- production-ready ${template.teamId}`,
        ],
        footer: 'You receive this as the operator address of this IntakeKit installation (OPERATOR_EMAIL).',
      };
    case 'production-access-granted':
      return {
        subject: `Your team “${template.teamName}” can now create production keys`,
        paragraphs: [
          `Production access for the team “${template.teamName}” is granted. Everyone in the team can now create production keys on the API Keys page.`,
          'Give each production key the origins of the pages that use it: a production key with no origins works on no page.',
        ],
        action: {label: 'Open API Keys', link: template.link},
        footer: 'You receive this as the owner of the team.',
      };
    case 'production-access-withdrawn':
      return {
        subject: `Production access for your team “${template.teamName}” was withdrawn`,
        paragraphs: [
          `Production access for the team “${template.teamName}” was withdrawn: new production keys cannot be created. Keys created before keep working until they are revoked.`,
          'Reply to the person who manages your IntakeKit account to learn why, or ask for access again on the API Keys page.',
        ],
        action: {label: 'Open API Keys', link: template.link},
        footer: 'You receive this as the owner of the team.',
      };
  }
}
