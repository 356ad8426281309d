import { type ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal } from 'react-admin';
import { LocaleSwitcher } from './LocaleSwitcher';
import { StaffMenu } from './StaffMenu';

const StaffAppBar = () => (
  <AppBar
    color="primary"
    toolbar={
      <>
        <LocaleSwitcher />
        <LoadingIndicator />
      </>
    }
  >
    {/* The page title is the page's one h1. */}
    <TitlePortal component="h1" />
  </AppBar>
);

export const StaffLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={StaffAppBar} menu={StaffMenu}>
    {children}
  </Layout>
);
