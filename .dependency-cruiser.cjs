// The layers of README's architecture, checked by `npm run lint:deps`
// (depcruise --config .dependency-cruiser.cjs app worker party). Every rule is an error.
//
// The lines drawn, and why there:
// - Services (worker/services) and the party servers (party/) never import the HTTP API
//   (worker/api): route loaders, API handlers and sockets all call the services, never the
//   other way round; the services' errors are domain errors (worker/services/errors.ts) that
//   worker/http/error-response.ts maps for both the API and the routes.
// - They may import from app/ what is plain TypeScript shared with the browser: the
//   dictionaries and their translators (app/i18n), small helpers (app/lib) and the modules'
//   contracts (the realtime protocol, the chat widget's types, the contact form's schema, the
//   planner's figures). Never UI: no route module, no component, no .tsx, nothing that brings
//   React along.
// - worker/http (what every response needs: headers, body caps, error JSON) sits under the
//   API and never imports it.
// - Code that reaches the browser (app/ except route modules, whose loaders and actions run
//   on the server, and *.server.* files) takes only types from worker/, with one exception:
//   the modules listed in CLIENT_SAFE, plain constants and functions that the browser and the
//   server must share exactly (roles and permissions that hide the buttons a user cannot
//   use, the lead enums, cookie parsing, the search's term splitting, the case-study listing
//   options, the password length). They are checked to stay that way: they import no other
//   worker/ module at run time but each other, and no package.
// - No import cycles anywhere, type-only imports included.

/**
 * worker/ modules the browser may import values from (see above). auth-error.ts and
 * common-passwords.ts are here because permissions.ts and password-policy.ts use them.
 */
const CLIENT_SAFE = [
  "^worker/db/schema/enums\\.ts$",
  "^worker/auth/permissions\\.ts$",
  "^worker/auth/crm-permissions\\.ts$",
  "^worker/auth/auth-error\\.ts$",
  "^worker/auth/password-policy\\.ts$",
  "^worker/auth/common-passwords\\.ts$",
  "^worker/lib/cookies\\.ts$",
  "^worker/lib/org-time\\.ts$",
  "^worker/services/lead-filters\\.ts$",
  "^worker/services/lead-filter-keys\\.ts$",
  "^worker/services/report-periods\\.ts$",
  "^worker/services/search-text\\.ts$",
  "^worker/services/case-study-options\\.ts$",
  "^worker/services/lead-import-columns\\.ts$",
  "^worker/services/lead-import-text\\.ts$",
];

/** UI: route modules, components, anything in .tsx, and the packages that render. */
const UI = ["^app/routes/", "^app/components/", "^app/(root|entry\\.[a-z]+)\\.tsx$", "\\.tsx$"];
const UI_PACKAGES = "(^|/)node_modules/(react|react-dom|react-router|@radix-ui/[^/]+|@dnd-kit/[^/]+)/";

/** Browser code: app/ outside the route modules and the server-only files. */
const BROWSER = { path: "^app/", pathNot: ["^app/routes/", "\\.server\\.tsx?$"] };

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle (type-only imports included): split out what both sides need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "services-and-party-not-api",
      severity: "error",
      comment: "Services and party servers never import the HTTP API (worker/api); it calls them.",
      from: { path: "^(worker/services|party)/" },
      to: { path: "^worker/api/" },
    },
    {
      name: "services-and-party-not-ui",
      severity: "error",
      comment:
        "Services and party servers import from app/ only plain shared code (i18n, lib, the modules' contracts), never routes, components or React.",
      from: { path: "^(worker/services|party)/" },
      to: { path: [...UI, UI_PACKAGES] },
    },
    {
      name: "services-and-party-reach-no-ui",
      severity: "error",
      comment: "Nor through an app/ module: nothing a service or a party server loads brings routes, components or React along.",
      from: { path: "^(worker/services|party)/" },
      to: { path: [...UI, UI_PACKAGES], reachable: true },
    },
    {
      name: "http-not-api",
      severity: "error",
      comment: "worker/http sits under the API (the fetch handler's headers, body caps, error JSON) and never imports it.",
      from: { path: "^worker/http/" },
      to: { path: "^worker/api/" },
    },
    {
      name: "browser-takes-only-types-from-worker",
      severity: "error",
      comment:
        "Code that reaches the browser imports worker/ only with `import type` (route modules and *.server.* files run on the server), except the client-safe modules of CLIENT_SAFE.",
      from: BROWSER,
      to: { path: "^worker/", pathNot: CLIENT_SAFE, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "client-safe-stays-plain",
      severity: "error",
      comment:
        "The client-safe worker/ modules import no other worker/ module at run time but each other, and no package (no database, no bindings); app/ code they may use is the browser's already.",
      from: { path: CLIENT_SAFE },
      to: { path: ["^worker/", "(^|/)node_modules/"], pathNot: CLIENT_SAFE, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^\\.react-router/|^build/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
  },
};
