import { Alert, Loader, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  type Certificate,
  type CertificateFields,
  type ExtractCertificateResponse,
  issueFieldsSchema,
} from '@contract';

/** The issue form's values: every printed field plus the recipient's e-mail, as typed. */
export interface IssueFieldValues {
  certificateName: string;
  recipientName: string;
  recipientEmail: string;
  course: string;
  grade: string;
  issueDate: string;
  expiryDate: string;
  certificateNumber: string;
  issuer: string;
}

/** Every field's label, the same in the issue form, the bulk review table, the edit form and the history. */
export const ISSUE_FIELD_LABELS: Record<keyof IssueFieldValues, string> = {
  certificateName: 'Title',
  recipientName: 'Recipient name',
  recipientEmail: 'Recipient e-mail',
  course: 'Course or award',
  grade: 'Grade',
  issueDate: 'Issue date',
  expiryDate: 'Expiry date',
  certificateNumber: 'Certificate number',
  issuer: 'Issuer',
};

export const EMPTY_ISSUE_FIELDS: IssueFieldValues = {
  certificateName: '',
  recipientName: '',
  recipientEmail: '',
  course: '',
  grade: '',
  issueDate: '',
  expiryDate: '',
  certificateNumber: '',
  issuer: '',
};

/** The fields read from the file, as form values (the e-mail is never printed, so it stays as typed). */
export function fieldsFromExtraction(
  extracted: ExtractCertificateResponse['fields'],
  current: IssueFieldValues,
): IssueFieldValues {
  const pick = (value: string | null) => value ?? '';
  return {
    certificateName: pick(extracted.certificateName),
    recipientName: pick(extracted.recipientName),
    recipientEmail: current.recipientEmail,
    course: pick(extracted.course),
    grade: pick(extracted.grade),
    issueDate: pick(extracted.issueDate),
    expiryDate: pick(extracted.expiryDate),
    certificateNumber: pick(extracted.certificateNumber),
    issuer: pick(extracted.issuer),
  };
}

/** A stored certificate's fields as form values (the edit form starts from them). */
export function fieldsFromCertificate(certificate: Certificate): IssueFieldValues {
  const pick = (value: string | null) => value ?? '';
  return {
    certificateName: pick(certificate.certificate_name),
    recipientName: pick(certificate.recipient_name),
    recipientEmail: pick(certificate.recipient_email),
    course: pick(certificate.course),
    grade: pick(certificate.grade),
    issueDate: pick(certificate.issue_date),
    expiryDate: pick(certificate.expiry_date),
    certificateNumber: pick(certificate.certificate_number),
    issuer: pick(certificate.issuer),
  };
}

/**
 * The fields an edit changes, as the PATCH body wants them: only those that differ from the stored
 * ones, a blanked field as null (cleared). Empty when nothing changed.
 */
export function changedFields(certificate: Certificate, values: IssueFieldValues): CertificateFields {
  const stored = fieldsFromCertificate(certificate);
  const changes: CertificateFields = {};
  for (const field of Object.keys(values) as (keyof IssueFieldValues)[]) {
    const value = values[field].trim();
    if (value !== stored[field].trim()) changes[field] = value || null;
  }
  return changes;
}

/** Form values as the API's fields: blank means "not given". */
export function toCertificateFields(values: IssueFieldValues): CertificateFields {
  const fields: CertificateFields = {};
  for (const [key, value] of Object.entries(values) as [keyof IssueFieldValues, string][]) {
    if (value.trim()) fields[key] = value.trim();
  }
  return fields;
}

export type IssueFieldErrors = Partial<Record<keyof IssueFieldValues, string>>;

/** Problems the server would refuse, said before sending: the contract's own schema, first message per field. */
export function validateIssueFields(values: IssueFieldValues): IssueFieldErrors {
  const errors: IssueFieldErrors = {};
  const parsed = issueFieldsSchema.safeParse(toCertificateFields(values));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof IssueFieldValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export interface IssueFieldsProps {
  values: IssueFieldValues;
  errors: IssueFieldErrors;
  onChange: (field: keyof IssueFieldValues, value: string) => void;
  /** The fields are being read from the file (the issue form). */
  reading?: boolean;
  readError?: string | null;
  disabled: boolean;
  /** The recipient e-mail's help line. */
  emailDescription?: string;
}

/**
 * The certificate's fields: on the issue form pre-filled from the file for the admin to correct before
 * issuing; on the edit form, the stored ones.
 */
export function IssueFields({
  values,
  errors,
  onChange,
  reading = false,
  readError = null,
  disabled,
  emailDescription = 'An existing user gets it in their profile; anyone else once they sign up with it.',
}: IssueFieldsProps) {
  const input = (field: keyof IssueFieldValues, extra: { type?: string; description?: string } = {}) => (
    <TextInput
      label={ISSUE_FIELD_LABELS[field]}
      type={extra.type}
      description={extra.description}
      value={values[field]}
      error={errors[field]}
      disabled={disabled}
      onChange={(event) => onChange(field, event.currentTarget.value)}
    />
  );
  return (
    <>
      {reading ? (
        <Text size="sm" c="dimmed" role="status">
          <Loader size="xs" mr="xs" aria-hidden />
          Reading the certificate's fields…
        </Text>
      ) : null}
      {readError ? (
        <Alert color="yellow" variant="light" title="The fields could not be read">
          {readError} Fill them in by hand.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input('certificateName')}
        {input('issuer')}
        {input('recipientName')}
        {input('recipientEmail', { type: 'email', description: emailDescription })}
        {input('course')}
        {input('grade')}
        {input('issueDate', { type: 'date' })}
        {input('expiryDate', { type: 'date' })}
        {input('certificateNumber')}
      </SimpleGrid>
    </>
  );
}
