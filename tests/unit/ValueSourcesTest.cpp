// Where a value comes from, one step back (analyzer/analysis/ValueSources.h): each kind of
// source over small programs parsed by Clang.
#include "analysis/ValueSources.h"
#include "core/RunRules.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;
using namespace hostsync;

namespace {
class Program {
public:
  explicit Program(const std::string &Code)
      : AST(tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc")),
        Index(ctx(), userDecls(ctx())), Defs(ctx()), Calls(ctx(), Index),
        Origins(ctx(), Defs, Calls, Index) {
    EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred()) << "errors in the test's code";
  }
  ASTContext &ctx() { return AST->getASTContext(); }
  // The expression the test marks by initializing `probe_<name>` with it.
  const Expr *probe(const std::string &Name) {
    auto Found = match(varDecl(hasName("probe_" + Name), hasInitializer(expr().bind("e"))), ctx());
    EXPECT_EQ(Found.size(), 1u) << Name;
    return Found.empty() ? nullptr : Found[0].getNodeAs<Expr>("e")->IgnoreImplicit();
  }
  // The source text of each value.
  std::vector<std::string> texts(const Sources &S) {
    std::vector<std::string> Out;
    for (const Expr *V : S.Values)
      Out.push_back(V ? Lexer::getSourceText(CharSourceRange::getTokenRange(V->getSourceRange()),
                                             ctx().getSourceManager(), ctx().getLangOpts())
                            .str()
                      : "<none>");
    return Out;
  }
  std::unique_ptr<ASTUnit> AST;
  TUIndex Index;
  Definitions Defs;
  CallSites Calls;
  ValueSources Origins;
};

using Texts = std::vector<std::string>;
} // namespace

TEST(ValueSources, ALocalHoldsWhatReachesItAndAParameterItsCallersArguments) {
  Program P(R"(
    static int twice(int x, bool b) {
      int y = x;
      if (b) y = 1; else y = 2;
      int probe_y = y;
      int probe_x = x;
      return probe_y + probe_x;
    }
    int use() { return twice(3, true) + twice(4, false); }
  )");
  Sources Y = P.Origins.sourcesOf(P.probe("y"));
  EXPECT_EQ(Y.Kind, SourceKind::Local);
  Texts Both = P.texts(Y); // both branches of the if/else, in no set order
  std::sort(Both.begin(), Both.end());
  EXPECT_EQ(Both, (Texts{"1", "2"}));
  EXPECT_EQ(Y.Initial, nullptr);
  Sources X = P.Origins.sourcesOf(P.probe("x"));
  ASSERT_NE(X.Initial, nullptr); // x still holds what the callers pass
  Sources Callers = P.Origins.parameter(X.Initial);
  EXPECT_EQ(Callers.Kind, SourceKind::Parameter);
  EXPECT_EQ(P.texts(Callers), (Texts{"3", "4"}));
  EXPECT_TRUE(Callers.AllInView);
  EXPECT_EQ(Callers.Owner, X.Initial);
}

TEST(ValueSources, AParameterCodeOutOfViewMayCallSaysWhy) {
  Program P(R"(
    static int callee(int x) { int probe_x = x; return probe_x; }
    int (*pointer)(int) = &callee;
  )");
  Sources X = P.Origins.parameter(P.Origins.sourcesOf(P.probe("x")).Initial);
  EXPECT_TRUE(X.Values.empty());
  EXPECT_FALSE(X.AllInView);
  EXPECT_NE(X.UnknownWhy.find("its address is taken"), std::string::npos) << X.UnknownWhy;
}

TEST(ValueSources, AMemberHoldsEveryStoreAndACallWhatItReturns) {
  Program P(R"(
    struct S {
      int a = 1;
      int unset;
      S() : a(2) {}
      void set(int v) { a = v; }
      int read() { int probe_a = a; int probe_unset = unset; return probe_a + probe_unset; }
    };
    static int pick(bool b) { if (b) return 5; return 6; }
    int use(bool b) {
      int probe_call = pick(b);
      int probe_either = b ? 7 : 8;
      return probe_call + probe_either;
    }
  )");
  Sources A = P.Origins.sourcesOf(P.probe("a"));
  EXPECT_EQ(A.Kind, SourceKind::Member);
  EXPECT_EQ(P.texts(A), (Texts{"1", "2", "v"})); // default initializer, constructor, set()
  Sources Unset = P.Origins.sourcesOf(P.probe("unset"));
  EXPECT_TRUE(Unset.Values.empty());
  // A class only this file declares: no store anywhere, and no other file to ask.
  EXPECT_NE(Unset.UnknownWhy.find("nothing here stores into"), std::string::npos);
  Sources Call = P.Origins.sourcesOf(P.probe("call"));
  EXPECT_EQ(Call.Kind, SourceKind::Return);
  EXPECT_EQ(P.texts(Call), (Texts{"5", "6"}));
  Sources Either = P.Origins.sourcesOf(P.probe("either"));
  EXPECT_EQ(Either.Kind, SourceKind::Parts);
  EXPECT_EQ(P.texts(Either), (Texts{"7", "8"}));
}

TEST(ValueSources, AFunctionWithNoBodyHereIsLeftToTheProjectsOtherFiles) {
  Program P(R"(
    int elsewhere(int);
    int use() { int probe_call = elsewhere(1); return probe_call; }
  )");
  Sources Call = P.Origins.sourcesOf(P.probe("call"));
  EXPECT_EQ(Call.Kind, SourceKind::Return);
  EXPECT_TRUE(Call.Values.empty());
  ASSERT_EQ(Call.Open.size(), 1u);
  EXPECT_EQ(Call.Open[0].Key, "ret:elsewhere(int)");
}

TEST(ValueSources, AContainerAndALoopElementAreWhereTensorsComeFromNotTheValue) {
  Program P(R"(
    struct Box { int n; };
    static void fill(Box &b) { b.n = 1; }
    void elsewhere(Box &b);
    int use() {
      Box box;
      fill(box);
      elsewhere(box);
      int arr[2] = {1, 2};
      int sum = 0;
      for (int x : arr) { int probe_x = x; sum += probe_x; }
      return sum + box.n;
    }
  )");
  auto Box = match(varDecl(hasName("box")).bind("v"), P.ctx());
  ASSERT_EQ(Box.size(), 1u);
  Sources Stored = P.Origins.container(Box[0].getNodeAs<VarDecl>("v"));
  EXPECT_EQ(Stored.Kind, SourceKind::Container);
  EXPECT_FALSE(Stored.SameValue);
  ASSERT_EQ(Stored.Fillers.size(), 2u); // fill's body is here, elsewhere's is not
  EXPECT_NE(Stored.Fillers[0].InView, nullptr);
  EXPECT_EQ(Stored.Fillers[1].InView, nullptr);
  EXPECT_EQ(Stored.Fillers[1].Callee->getNameAsString(), "elsewhere");
  Sources Element = P.Origins.sourcesOf(P.probe("x"));
  EXPECT_EQ(Element.Kind, SourceKind::Element);
  EXPECT_FALSE(Element.SameValue);
  EXPECT_TRUE(Element.Values.empty()); // a range of ints holds no tensors
  EXPECT_EQ(Element.UnknownWhy, "an element of a range the analysis does not follow");
}

TEST(ValueSources, ABindingHoldsItsPartUntilTheCodeAssignsToIt) {
  Program P(R"(
    struct Two { int a, b; };
    static Two make() { return {1, 2}; }
    int use() {
      auto [a, b] = make();
      int probe_before = a;
      a = 5;
      int probe_after = a;
      return probe_before + probe_after + b;
    }
  )");
  Sources Before = P.Origins.sourcesOf(P.probe("before"));
  EXPECT_EQ(Before.Kind, SourceKind::Parts);
  EXPECT_EQ(P.texts(Before), (Texts{"make()"}));
  Sources After = P.Origins.sourcesOf(P.probe("after"));
  EXPECT_EQ(After.Kind, SourceKind::Local);
  EXPECT_EQ(P.texts(After), (Texts{"5"}));
}

TEST(ValueSources, AnOpOrALiteralIsAValueOfItsOwn) {
  Program P("int use() { int probe_literal = 3; return probe_literal; }");
  EXPECT_EQ(P.Origins.sourcesOf(P.probe("literal")).Kind, SourceKind::None);
}
