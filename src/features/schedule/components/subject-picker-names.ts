import type { Subject } from '@/components/widgets/subject-picker';

/** "Everyone at Demo Baseball Academy", a group's or an athlete's name (without the picker's code). */
export const subjectName = (subject: Subject, organizationName: string) =>
  subject.kind === 'organization' ? `Everyone at ${organizationName}` : subject.name;
