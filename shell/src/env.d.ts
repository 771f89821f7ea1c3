/// <reference types="@rsbuild/core/types" />

/** The UI kit's first-load part (tools/rsbuild/kits.ts): the entry evaluates it; the apps import `antd-mobile`. */
declare module 'antd-mobile/first-load' {
  export * from 'antd-mobile';
}
