/**
 * The product's static content (spec section 1): landing features, team, About texts and the
 * technologies. Team entries are placeholders by role; replace them with the real people (name,
 * photo, handle) before launch. Entries without a handle show no profile link.
 */

export const PRODUCT_NAME = 'CertVerify';

export type FeatureIcon = 'bolt' | 'shield' | 'plug';

/** A 'Why Choose' card; `details` is revealed on hover or keyboard focus. */
export interface FeatureCard {
  id: string;
  title: string;
  description: string;
  icon: FeatureIcon;
  color: string;
  details: string;
}

export const HERO = {
  title: 'Trust Through Verification',
  subtitle:
    'Hash-secured credential verification for employers and institutions. Upload a certificate and know in seconds whether it is authentic, unchanged and still valid.',
  primaryAction: 'Verify a Certificate',
  secondaryAction: 'Learn More',
} as const;

export const HIGHLIGHTS = [
  { value: 'Seconds', label: 'to verify a certificate' },
  { value: '99.9%', label: 'AI-powered processing accuracy' },
  { value: 'SHA-256', label: 'fingerprint of every file' },
] as const;

export const FEATURES: FeatureCard[] = [
  {
    id: 'instant-verification',
    title: 'Instant Verification',
    description: 'Upload a certificate and get a clear answer in seconds.',
    icon: 'bolt',
    color: 'indigo',
    details:
      'Every upload is fingerprinted and its text extracted by AI-powered processing with 99.9% accuracy, then matched against the registry of issued certificates.',
  },
  {
    id: 'tamper-proof-security',
    title: 'Tamper-Proof Security',
    description: 'Hash-secured records reveal any change to a certificate.',
    icon: 'shield',
    color: 'teal',
    details:
      'A certificate is recorded with cryptographic hashes of its file and its content. Altering a single character produces a different fingerprint, and revoked certificates never verify.',
  },
  {
    id: 'easy-integration',
    title: 'Easy Integration',
    description: 'A simple API for institutions and platforms.',
    icon: 'plug',
    color: 'grape',
    details:
      'Institutions upload the certificates they issue; employers and platforms verify them through the same JSON API the web app uses.',
  },
];

/** A team card. `handle` is the profile name on the source-hosting service, when known. */
export interface TeamMember {
  name: string;
  role: string;
  expertise: string[];
  bio: string;
  handle: string | null;
}

export const TEAM: TeamMember[] = [
  {
    name: 'Project Lead',
    role: 'Project Lead & Architect',
    expertise: ['System design', 'Security'],
    bio: 'Shapes the product and keeps verification trustworthy end to end.',
    handle: null,
  },
  {
    name: 'Frontend Developer',
    role: 'Frontend Developer',
    expertise: ['React', 'Accessibility'],
    bio: 'Builds the screens people use to upload and verify certificates.',
    handle: null,
  },
  {
    name: 'Backend Developer',
    role: 'Backend Developer',
    expertise: ['APIs', 'PostgreSQL'],
    bio: 'Runs the API, the database and its access rules.',
    handle: null,
  },
  {
    name: 'AI Engineer',
    role: 'AI & OCR Engineer',
    expertise: ['OCR', 'Text processing'],
    bio: 'Turns certificate images and PDFs into reliable, comparable text.',
    handle: null,
  },
  {
    name: 'QA Engineer',
    role: 'Quality & DevOps Engineer',
    expertise: ['Testing', 'Deployment'],
    bio: 'Makes sure every release verifies correctly and ships safely.',
    handle: null,
  },
];

/** The profile address on the source-hosting service, or null. */
export function profileUrl(member: TeamMember): string | null {
  return member.handle ? `https://github.com/${encodeURIComponent(member.handle)}` : null;
}

export const FOOTER = {
  title: 'Ready to Get Started?',
  text: 'Join the institutions and employers who trust verified credentials. Create a free account and check your first certificate today.',
  action: 'Create an Account',
  copyright: `© 2025 ${PRODUCT_NAME}. All rights reserved.`,
} as const;

export const ABOUT = {
  title: `About ${PRODUCT_NAME}`,
  intro:
    'We make credentials easy to trust. Anyone can check a certificate in seconds; institutions keep control of the certificates they issue.',
  mission:
    'To end certificate fraud by giving employers and institutions a fast, reliable and open way to verify credentials.',
  vision:
    'A world where every credential can be verified instantly, so that people are judged on what they have truly achieved.',
  values: [
    {
      title: 'Security',
      text: 'Certificates are fingerprinted with cryptographic hashes, stored privately and protected by strict access rules.',
    },
    {
      title: 'Innovation',
      text: 'AI-powered text recognition and content fingerprints catch altered certificates that a glance would miss.',
    },
    {
      title: 'Trust and Transparency',
      text: 'Every verification gives a clear answer and the reason for it, and revoked certificates are flagged.',
    },
    {
      title: 'Accessibility',
      text: 'Verification is free for visitors, works on any device and is usable with a keyboard and a screen reader.',
    },
  ],
} as const;

export const TECHNOLOGIES = [
  { name: 'React', use: 'User interface' },
  { name: 'TypeScript', use: 'Type-safe code across the stack' },
  { name: 'Mantine', use: 'Components and theming' },
  { name: 'TanStack Query', use: 'Data fetching and caching' },
  { name: 'Supabase', use: 'Authentication, storage and edge functions' },
  { name: 'PostgreSQL', use: 'Database with row-level security' },
  { name: 'Deno', use: 'Edge function runtime' },
  { name: 'Tesseract.js', use: 'Text recognition (OCR)' },
  { name: 'SHA-256', use: 'File and content fingerprints' },
] as const;
