import { Alert, Loader, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type CertificateFields, type ExtractCertificateResponse, issueFieldsSchema } from '@contract';

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
  reading: boolean;
  readError: string | null;
  disabled: boolean;
}

/** The issue form: fields pre-filled from the file, for the admin to correct before issuing. */
export function IssueFields({ values, errors, onChange, reading, readError, disabled }: IssueFieldsProps) {
  const input = (
    field: keyof IssueFieldValues,
    label: string,
    extra: { type?: string; description?: string } = {},
  ) => (
    <TextInput
      label={label}
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
        {input('certificateName', 'Title')}
        {input('issuer', 'Issuer')}
        {input('recipientName', 'Recipient name')}
        {input('recipientEmail', 'Recipient e-mail', {
          type: 'email',
          description: 'An existing user gets it in their profile; anyone else once they sign up with it.',
        })}
        {input('course', 'Course or award')}
        {input('grade', 'Grade')}
        {input('issueDate', 'Issue date', { type: 'date' })}
        {input('expiryDate', 'Expiry date', { type: 'date' })}
        {input('certificateNumber', 'Certificate number')}
      </SimpleGrid>
    </>
  );
}
