import {
  BarChart3,
  Bell,
  CircleHelp,
  CreditCard,
  FileUp,
  Gauge,
  House,
  KeyRound,
  LockKeyhole,
  ShieldCheck,
  Sparkles,
  UserRound,
  UsersRound,
  Code,
  ScrollText,
  ShieldAlert,
  Building2,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { NavItem } from '../route-table';

const ICONS: Record<NavItem['icon'], LucideIcon> = {
  home: House,
  console: Gauge,
  core: BarChart3,
  plus: Sparkles,
  account: UserRound,
  help: CircleHelp,
  profile: UserRound,
  password: LockKeyhole,
  twofa: ShieldCheck,
  billing: CreditCard,
  notifications: Bell,
  alerts: Bell,
  apikeys: Code,
  webhooks: Webhook,
  users: UsersRound,
  data: FileUp,
  audit: ScrollText,
  security: ShieldAlert,
  sso: Building2,
};

export function NavIcon({ icon, className }: { icon: NavItem['icon']; className?: string }) {
  const Icon = ICONS[icon] ?? KeyRound;
  return <Icon aria-hidden className={className ?? 'size-5'} />;
}
