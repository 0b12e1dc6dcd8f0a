import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../app/i18n/index.ts";
import { dictionaries } from "../../app/i18n/dictionaries.server.ts";
import { TEAM_MEMBERS } from "../../app/modules/site/about/team-members.ts";
import { ARTICLES } from "../../app/modules/site/insights/articles.ts";

// A visitor who reads a blog post and then the about page meets the same people in the
// same roles: every article is written by a member of the about page's team, and the role
// the blog prints for that person is, word for word, the about page's role, in every language.
describe("blog authors and the about page's team", () => {
  const teamIds = TEAM_MEMBERS.map((member) => member.id);

  it("every article's author is on the about page's team", () => {
    for (const article of ARTICLES) expect(teamIds, article.id).toContain(article.author);
  });

  for (const language of LANGUAGES) {
    it(`every author's role on the blog equals the about page's role (${language})`, () => {
      const site = dictionaries[language].site;
      for (const article of ARTICLES) {
        expect(site.insights.authorRoles[article.author], `${article.id} by ${article.author}`).toBe(
          site.about.team.members[article.author].role,
        );
      }
      // And no role is kept for someone who is not on the team.
      expect(Object.keys(site.insights.authorRoles).sort()).toEqual([...teamIds].sort());
    });
  }
});
