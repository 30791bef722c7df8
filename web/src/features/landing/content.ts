/**
 * The product's static content (spec section 1): landing features, team, About texts and the
 * technologies. Team entries are placeholders by role; replace them with the real people (name,
 * photo, handle) before launch. Entries without a handle show no profile link.
 */

import { MEASURED_FIGURES, type MeasuredFigure } from '@/config/measured-figures';

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
    'Hash-secured credential verification for employers and institutions. Upload a certificate and learn whether it is registered, unchanged and still valid.',
  primaryAction: 'Verify a Certificate',
  secondaryAction: 'Learn More',
} as const;

/**
 * The hero's figures: only measured ones (config/measured-figures.ts), each with its source; a
 * figure not measured yet says so instead of showing a number.
 */
export const HIGHLIGHTS: MeasuredFigure[] = [
  MEASURED_FIGURES.exactFileVerificationP95,
  MEASURED_FIGURES.genuineCopiesRecognised,
  MEASURED_FIGURES.forgeriesAccepted,
];

/** "0.15 s to verify ...", or "to verify ...: being measured". */
function claim(figure: MeasuredFigure): string {
  return figure.value ? `${figure.value} ${figure.label}` : `${figure.label}: being measured`;
}

/** A highlight's source line, e.g. "Measured 2026-11-21, docs/benchmarks.md". */
export function figureSource(figure: MeasuredFigure): string {
  return figure.measuredOn
    ? `Measured ${figure.measuredOn}, ${figure.source}`
    : `To be reported in ${figure.source}`;
}

export const FEATURES: FeatureCard[] = [
  {
    id: 'instant-verification',
    title: 'Instant Verification',
    description:
      'Upload a certificate and get a clear answer: identical, the same certificate, altered, or no match.',
    icon: 'bolt',
    color: 'indigo',
    details: `Every upload is fingerprinted and compared with the registry of issued certificates. Measured: ${claim(MEASURED_FIGURES.exactFileVerificationP95)}; ${claim(MEASURED_FIGURES.copyVerificationP95)}.`,
  },
  {
    id: 'tamper-proof-security',
    title: 'Tamper-Proof Security',
    description: 'A copy that differs from the registered original is reported, with what changed.',
    icon: 'shield',
    color: 'teal',
    details: `A certificate is registered with a SHA-256 fingerprint of its file; a changed copy is shown with the changed regions outlined, and revoked certificates never verify. ${claim(MEASURED_FIGURES.forgeriesAccepted)}.`,
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
    'We make credentials easy to trust. Anyone can check a certificate online; institutions keep control of the certificates they issue.',
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
