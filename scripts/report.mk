# report.mk - make report (owner: report).
