import {
  Anchor,
  Avatar,
  Burger,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterLink } from 'react-router';
import { useSession } from '../../shared/session/session';
import { useSignOut } from '../../shared/session/use-sign-out';
import { LanguageToggler } from '../../shared/ui/language-toggler';
import { Logo } from '../../shared/ui/logo';
import { LocationSelect } from './location-tabs';
import { burgerLinks, HEADER_LINKS, personalMenu } from './menu-rules';
import { NotificationBell } from './notification-bell';
import { SideMenu } from './side-menu';
import { RoleToggler } from './togglers';

export function Header() {
  const { t } = useTranslation();
  const { profile, roles } = useSession();
  const signOut = useSignOut();
  const [opened, { toggle, close }] = useDisclosure(false);
  const personal = personalMenu(roles);
  const initials = `${profile.lastName.slice(0, 1)}${profile.firstName.slice(0, 1)}`;
  return (
    <header className="app-header">
      <Group justify="space-between" wrap="nowrap" h="100%">
        <Group gap="xl" wrap="nowrap">
          <Logo />
          <Group gap="md" className="desktop-only" component="nav" aria-label={t('layout.sections')}>
            {HEADER_LINKS.map((link) => (
              <Anchor key={link.key} component={Link} to={link.path} size="sm">
                {t(link.labelKey)}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <div className="desktop-only">
            <RoleToggler />
          </div>
          <div className="desktop-only">
            <LanguageToggler />
          </div>
          <NotificationBell />
          <Menu position="bottom-end" width={220} withinPortal>
            <Menu.Target>
              <UnstyledButton
                className="personal-button"
                // The name starts with what the button shows (the first name), then says what it opens.
                aria-label={`${profile.firstName || profile.name}, ${t('layout.settings')}`}
                data-testid="personal-menu"
              >
                <Avatar
                  aria-hidden="true"
                  src={profile.avatar}
                  alt={profile.name}
                  radius="xl"
                  size={36}
                  color="forest"
                  variant="filled"
                  data-testid="header-avatar"
                >
                  {/* The initials are drawn by CSS: a picture of the name, not text that the button's name must repeat. */}
                  <span className="avatar-initials" data-initials={initials} />
                </Avatar>
                <Text size="sm" fw={500} className="desktop-only personal-name">
                  {profile.firstName || profile.name}
                </Text>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {personal.map((item) => (
                <Menu.Item key={item.key} component={Link} to={item.path} data-personal={item.key}>
                  {t(item.labelKey)}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => void signOut()} data-personal="exit">
                {t('layout.exit')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Burger
            opened={opened}
            onClick={toggle}
            className="mobile-only"
            aria-label={t('layout.menu')}
            size="sm"
          />
        </Group>
      </Group>
      <Drawer opened={opened} onClose={close} title={<Logo />} position="right" size="xs" padding="md">
        <Stack gap="md">
          <LocationSelect />
          <RoleToggler fullWidth testId="role-toggler-drawer" />
          <SideMenu onNavigate={close} />
          <Divider />
          <Stack gap={0}>
            {burgerLinks(roles).map((item) => (
              <NavLink
                key={item.key}
                component={RouterLink}
                to={item.path}
                label={t(item.labelKey)}
                onClick={close}
              />
            ))}
            <NavLink component="button" label={t('layout.exit')} c="red" onClick={() => void signOut()} />
          </Stack>
          <LanguageToggler size="sm" />
        </Stack>
      </Drawer>
    </header>
  );
}
